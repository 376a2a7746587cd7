package dev.weft.corpus;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The findings saved for one test method, {@code <root>/<class>/<method>/<kind>-<hash>.weft}: kept
 * with the tests (and committed with them) so that every later run of its {@code @WeftTest} replays
 * them first, as regression inputs that fail the test while the bug is there. One place for the
 * convention, because two tools write here: the JUnit extension and the Maven plugin's campaigns. A
 * saved finding holds no path of the machine that found it, so it replays in any checkout.
 */
public final class SavedFindings {
  /** The root a project keeps them under, relative to its base directory. */
  public static final Path DEFAULT_ROOT = Path.of("src", "test", "resources", "weft");

  private final Path dir;

  public SavedFindings(Path root, String className, String methodName) {
    this.dir = root.resolve(className).resolve(methodName);
  }

  public Path dir() {
    return dir;
  }

  /** The saved replay files, by name (the interleavings as found, {@code .orig.weft}, are not). */
  public List<Path> files() throws IOException {
    return replayFilesIn(dir);
  }

  /**
   * Saves a new finding's replay file here, under its own name, without its class path: the entries
   * are this machine's (a build folder, a local repository), and every run that replays a saved
   * finding is a run of its test, which has the class path of the checkout it runs in. Returns
   * where.
   */
  public Path save(Path finding) throws IOException {
    Files.createDirectories(dir);
    Path saved = dir.resolve(finding.getFileName().toString());
    FindingFiles.write(FindingFiles.read(finding).withClassPath(List.of()), saved);
    return saved;
  }

  /**
   * Saves the replay files of a campaign's findings directory that are not saved here yet (by name:
   * a finding's name is its kind and the hash of its failure), leaving the saved ones untouched;
   * returns where the new ones went.
   */
  public List<Path> saveNew(Path campaignFindings) throws IOException {
    List<Path> added = new ArrayList<>();
    for (Path finding : replayFilesIn(campaignFindings)) {
      if (!Files.exists(dir.resolve(finding.getFileName().toString()))) {
        added.add(save(finding));
      }
    }
    return added;
  }

  /** The replay files of a folder of findings, by name, without the interleavings as found. */
  public static List<Path> replayFilesIn(Path folder) throws IOException {
    if (!Files.isDirectory(folder)) {
      return List.of();
    }
    try (Stream<Path> listing = Files.list(folder)) {
      return listing
          .filter(p -> p.getFileName().toString().endsWith(".weft"))
          .filter(p -> !FindingFiles.isOriginal(p))
          .sorted()
          .toList();
    }
  }
}
