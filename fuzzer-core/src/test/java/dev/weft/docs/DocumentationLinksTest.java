package dev.weft.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README is short because it links to the guides under {@code docs/}: a guide it does not link
 * is one nobody finds, and a link that does not resolve (a moved file, a renamed heading) is a dead
 * end for exactly the reader the guides are for.
 */
class DocumentationLinksTest {
  private final Path root = Repository.root();

  @Test
  void everyFileUnderDocsIsLinkedFromTheReadme() throws IOException {
    Set<Path> linked =
        Markdown.read(root.resolve("README.md")).links().stream()
            .filter(DocumentationLinksTest::isRelative)
            .map(link -> root.resolve(withoutAnchor(link)).normalize())
            .collect(Collectors.toSet());
    List<Path> docs;
    try (Stream<Path> files = Files.walk(root.resolve("docs"))) {
      docs = files.filter(Files::isRegularFile).map(Path::normalize).sorted().toList();
    }

    assertThat(docs).isNotEmpty();
    assertThat(docs).allSatisfy(doc -> assertThat(linked).as("links of README.md").contains(doc));
  }

  @Test
  void everyRelativeLinkOfTheReadmeAndTheGuidesResolves() throws IOException {
    List<Path> pages = new ArrayList<>();
    pages.add(root.resolve("README.md"));
    try (Stream<Path> files = Files.list(root.resolve("docs"))) {
      files.filter(f -> f.toString().endsWith(".md")).sorted().forEach(pages::add);
    }

    List<String> broken = new ArrayList<>();
    for (Path page : pages) {
      Markdown markdown = Markdown.read(page);
      for (String link : markdown.links()) {
        if (isRelative(link)) {
          String problem = problemOf(markdown, link);
          if (problem != null) {
            broken.add(root.relativize(page) + ": (" + link + ") " + problem);
          }
        }
      }
    }

    assertThat(broken).isEmpty();
  }

  /** Why {@code link} in {@code page} leads nowhere, or null when it leads to a file and anchor. */
  private static String problemOf(Markdown page, String link) {
    String path = withoutAnchor(link);
    Path target = path.isEmpty() ? page.file() : page.file().getParent().resolve(path).normalize();
    if (!Files.exists(target)) {
      return "no such file";
    }
    int hash = link.indexOf('#');
    if (hash < 0 || !target.toString().endsWith(".md")) {
      return null;
    }
    String anchor = link.substring(hash + 1);
    Set<String> anchors = Markdown.read(target).anchors();
    return anchors.contains(anchor) ? null : "no heading with anchor #" + anchor + " in " + anchors;
  }

  private static boolean isRelative(String link) {
    return !link.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*");
  }

  private static String withoutAnchor(String link) {
    int hash = link.indexOf('#');
    return hash < 0 ? link : link.substring(0, hash);
  }
}
