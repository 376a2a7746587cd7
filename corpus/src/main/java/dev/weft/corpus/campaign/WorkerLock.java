package dev.weft.corpus.campaign;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Held by each worker JVM of a pool for its whole life: an OS file lock on {@code
 * workers/w<N>.lock}, which the OS lets go when the process ends however it ends ({@code kill -9}
 * included), with the worker's process id written in the file for messages. The pool's own {@link
 * DirectoryLock} names only the pool's process: once that process is killed, its workers could
 * still be fuzzing, and a resume must not run beside them. {@link #liveHolders} is how it tells.
 */
public final class WorkerLock implements AutoCloseable {
  private static final long WAIT_MILLIS = 5_000;

  private final FileChannel channel;
  private final FileLock lock;

  private WorkerLock(FileChannel channel, FileLock lock) {
    this.channel = channel;
    this.lock = lock;
  }

  /** The lock file of worker {@code worker} in {@code directory} ({@code workers/}). */
  public static Path file(Path directory, int worker) {
    return directory.resolve("w" + worker + ".lock");
  }

  /**
   * Takes worker {@code worker}'s lock for this process, waiting a few seconds for a worker it
   * replaces to be gone; throws {@link CampaignInUseException} if another live process keeps it.
   */
  public static WorkerLock hold(Path directory, int worker) throws IOException {
    Files.createDirectories(directory);
    Path file = file(directory, worker);
    FileChannel channel =
        FileChannel.open(
            file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
    try {
      long deadline = System.nanoTime() + WAIT_MILLIS * 1_000_000;
      while (true) {
        FileLock lock = channel.tryLock();
        if (lock != null) {
          byte[] pid = (ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII);
          channel.truncate(0);
          channel.write(ByteBuffer.wrap(pid), 0);
          channel.force(false);
          return new WorkerLock(channel, lock);
        }
        if (System.nanoTime() > deadline) {
          throw new CampaignInUseException(
              "worker " + worker + "'s lock " + file + " is held by live process " + pid(channel));
        }
        Thread.sleep(100);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      channel.close();
      throw new CampaignInUseException("interrupted while taking " + file);
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
  }

  /**
   * The process ids of the live processes that hold a worker lock in {@code directory} (0 where a
   * holder's file names none); empty if the directory does not exist or no worker lives.
   */
  public static List<Long> liveHolders(Path directory) throws IOException {
    List<Long> live = new ArrayList<>();
    if (!Files.isDirectory(directory)) {
      return live;
    }
    List<Path> files;
    try (Stream<Path> s = Files.list(directory)) {
      files = s.filter(p -> p.getFileName().toString().endsWith(".lock")).sorted().toList();
    }
    for (Path file : files) {
      try (FileChannel channel =
          FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
        FileLock probe;
        try {
          probe = channel.tryLock();
        } catch (OverlappingFileLockException held) {
          probe = null; // held by this very process
        }
        if (probe == null) {
          live.add(pid(channel));
        } else {
          probe.release();
        }
      } catch (java.nio.file.NoSuchFileException gone) {
        // deleted meanwhile: its worker is gone
      }
    }
    return live;
  }

  private static long pid(FileChannel channel) throws IOException {
    ByteBuffer buf = ByteBuffer.allocate(32);
    channel.read(buf, 0);
    try {
      return Long.parseLong(
          new String(buf.array(), 0, buf.position(), StandardCharsets.US_ASCII).strip());
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /** Lets go of the lock (the OS does as much when the process ends). */
  @Override
  public void close() throws IOException {
    try {
      lock.release();
    } finally {
      channel.close();
    }
  }
}
