package dev.weft.corpus.campaign;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Keeps a second Weft out of a campaign directory while one fuzzes there: the lock file holds the
 * owner's process id and is created atomically ({@code CREATE_NEW}). A lock whose process is gone
 * (killed, crashed, a reboot) is stale and taken over with a warning, so a campaign never needs
 * cleaning up by hand after {@code kill -9}.
 */
public final class DirectoryLock implements AutoCloseable {
  private static final int ATTEMPTS = 3;

  private final Path file;
  private final long pid;

  private DirectoryLock(Path file, long pid) {
    this.file = file;
    this.pid = pid;
  }

  /** Takes the lock for this process, or throws naming the live process that holds it. */
  public static DirectoryLock acquire(Path file, Consumer<String> warnings) throws IOException {
    long self = ProcessHandle.current().pid();
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      try {
        Files.writeString(
            file,
            self + "\n",
            StandardCharsets.US_ASCII,
            java.nio.file.StandardOpenOption.CREATE_NEW);
        return new DirectoryLock(file, self);
      } catch (FileAlreadyExistsException held) {
        Optional<Long> owner = owner(file);
        if (owner.isPresent() && isAlive(owner.get())) {
          throw new CampaignInUseException(
              file.getParent()
                  + " is in use by process "
                  + owner.get()
                  + " (lock file "
                  + file
                  + "); stop that Weft first, or use another directory");
        }
        warnings.accept(
            "warning: taking over the stale lock "
                + file
                + (owner.isPresent()
                    ? " of process " + owner.get() + ", which is no longer running"
                    : " (it names no process)"));
        Files.deleteIfExists(file);
      }
    }
    throw new CampaignInUseException(
        "could not take the lock " + file + ": another process keeps creating it");
  }

  /** The process id a lock file names, if it names one. */
  public static Optional<Long> owner(Path file) throws IOException {
    try {
      return Optional.of(Long.parseLong(Files.readString(file, StandardCharsets.US_ASCII).strip()));
    } catch (NoSuchFileException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  /** Whether the process holding the lock file, if any, is running. */
  public static boolean isHeld(Path file) throws IOException {
    Optional<Long> owner = owner(file);
    return owner.isPresent() && isAlive(owner.get());
  }

  private static boolean isAlive(long pid) {
    return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }

  /** Deletes the lock file if it is still this process's. */
  @Override
  public void close() throws IOException {
    if (owner(file).orElse(-1L) == pid) {
      Files.deleteIfExists(file);
    }
  }
}
