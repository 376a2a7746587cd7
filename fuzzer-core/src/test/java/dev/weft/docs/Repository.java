package dev.weft.docs;

import java.nio.file.Files;
import java.nio.file.Path;

/** The root of the source tree, found from the module a test runs in, as a fresh clone holds it. */
final class Repository {
  private Repository() {}

  static Path root() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null) {
      if (Files.isRegularFile(dir.resolve("README.md")) && Files.isDirectory(dir.resolve(".ci"))) {
        return dir;
      }
      dir = dir.getParent();
    }
    throw new IllegalStateException("no README.md with .ci/ beside it above " + Path.of(""));
  }
}
