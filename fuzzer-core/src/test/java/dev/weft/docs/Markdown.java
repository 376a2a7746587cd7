package dev.weft.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Just enough of a Markdown reader for the documentation tests: the links, headings and fenced code
 * blocks of one file, with link anchors named as GitHub names them, so that a link that works on
 * GitHub is exactly a link this reader resolves.
 */
final class Markdown {
  private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)\\)");
  private static final Pattern HEADING = Pattern.compile("^#{1,6} +(.*?) *$");

  private final Path file;
  private final List<String> lines;

  private Markdown(Path file, List<String> lines) {
    this.file = file;
    this.lines = lines;
  }

  static Markdown read(Path file) {
    try {
      return new Markdown(file, Files.readAllLines(file));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  Path file() {
    return file;
  }

  /** The targets of inline links outside fenced code blocks, as written. */
  List<String> links() {
    List<String> links = new ArrayList<>();
    for (String line : proseLines()) {
      Matcher m = LINK.matcher(line);
      while (m.find()) {
        links.add(m.group(1));
      }
    }
    return links;
  }

  /** The anchors GitHub gives this file's headings (a repeated heading gets "-1", "-2"...). */
  Set<String> anchors() {
    Set<String> anchors = new LinkedHashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    for (String line : proseLines()) {
      Matcher m = HEADING.matcher(line);
      if (m.matches()) {
        String slug = slug(m.group(1));
        int n = seen.merge(slug, 1, Integer::sum);
        anchors.add(n == 1 ? slug : slug + "-" + (n - 1));
      }
    }
    return anchors;
  }

  /**
   * GitHub's rule: lower case, drop all but letters, digits, spaces, '-' and '_'; spaces to '-'.
   */
  static String slug(String heading) {
    return heading.toLowerCase().replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
  }

  /**
   * The fenced code blocks under the latest heading whose text starts with {@code headingPrefix}
   * (every block when it is empty), each as its lines.
   */
  List<List<String>> codeBlocksUnder(String headingPrefix) {
    List<List<String>> blocks = new ArrayList<>();
    boolean inSection = headingPrefix.isEmpty();
    List<String> block = null;
    for (String line : lines) {
      if (block != null) {
        if (line.startsWith("```")) {
          if (inSection) {
            blocks.add(block);
          }
          block = null;
        } else {
          block.add(line);
        }
      } else if (line.startsWith("```")) {
        block = new ArrayList<>();
      } else if (!headingPrefix.isEmpty()) {
        Matcher m = HEADING.matcher(line);
        if (m.matches()) {
          inSection = m.group(1).startsWith(headingPrefix);
        }
      }
    }
    return blocks;
  }

  private List<String> proseLines() {
    List<String> prose = new ArrayList<>();
    boolean fenced = false;
    for (String line : lines) {
      if (line.startsWith("```")) {
        fenced = !fenced;
      } else if (!fenced) {
        prose.add(line);
      }
    }
    return prose;
  }
}
