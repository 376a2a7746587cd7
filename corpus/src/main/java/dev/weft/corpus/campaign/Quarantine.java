package dev.weft.corpus.campaign;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Moves a file that cannot be read out of the way, so that the rest of the campaign loads and the
 * same file does not stop every later resume; it is kept (never deleted) for whoever wants to look,
 * and the warning names it.
 */
public final class Quarantine {
  private final Path directory;
  private final Consumer<String> warnings;
  private final boolean move;

  /** A quarantine that moves files into {@code directory}. */
  public Quarantine(Path directory, Consumer<String> warnings) {
    this(directory, warnings, true);
  }

  private Quarantine(Path directory, Consumer<String> warnings, boolean move) {
    this.directory = directory;
    this.warnings = warnings;
    this.move = move;
  }

  /**
   * Warns about unreadable files but leaves them where they are: for readers such as {@code weft
   * status}, which must not change a directory a campaign may be fuzzing in.
   */
  public static Quarantine reportOnly(Consumer<String> warnings) {
    return new Quarantine(null, warnings, false);
  }

  /**
   * Moves {@code file} into the quarantine and warns, saying {@code why}; returns where it went.
   */
  public Path take(Path file, String why) throws IOException {
    if (!move) {
      warnings.accept("warning: " + file + " cannot be read (" + why + "); skipped");
      return file;
    }
    Files.createDirectories(directory);
    Path target = directory.resolve(file.getFileName());
    for (int i = 1; Files.exists(target); i++) {
      target = directory.resolve(file.getFileName() + "." + i);
    }
    Files.move(file, target);
    warnings.accept(
        "warning: " + file + " cannot be read (" + why + "); moved to " + target + ", skipped");
    return target;
  }
}
