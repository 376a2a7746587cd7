package dev.weft.junit;

import dev.weft.corpus.FindingFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;

/**
 * The findings saved for one test method, {@code <root>/<class>/<method>/<kind>-<hash>.weft}: kept
 * with the tests (and committed with them) so that every later run replays them first, as
 * regression inputs that fail the test while the bug is there.
 */
final class SavedFindings {
  private final Path dir;

  SavedFindings(Path root, String className, String methodName) {
    this.dir = root.resolve(className).resolve(methodName);
  }

  Path dir() {
    return dir;
  }

  /** The saved replay files, by name (the interleavings as found, {@code .orig.weft}, are not). */
  List<Path> files() throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> listing = Files.list(dir)) {
      return listing
          .filter(p -> p.getFileName().toString().endsWith(".weft"))
          .filter(p -> !FindingFiles.isOriginal(p))
          .sorted()
          .toList();
    }
  }

  /** Copies a new finding's replay file here, under its own name; returns where. */
  Path save(Path finding) throws IOException {
    Files.createDirectories(dir);
    Path saved = dir.resolve(finding.getFileName().toString());
    Files.copy(finding, saved, StandardCopyOption.REPLACE_EXISTING);
    return saved;
  }
}
