package dev.weft.corpus;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.UUID;

/**
 * Writes a file so that a reader, or a process killed half way, never sees half of it: the bytes go
 * to a temporary file in the same directory, which is then renamed over the target.
 */
public final class AtomicFiles {
  private AtomicFiles() {}

  public static void write(Path file, byte[] bytes) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    // not createTempFile, whose file is readable by its owner alone: a finding committed with a
    // project, a campaign's files read by a team, get the modes the user's other files get
    Path tmp = parent.resolve(".weft-" + UUID.randomUUID() + ".tmp");
    try {
      Files.write(tmp, bytes, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
      try {
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(tmp);
    }
  }
}
