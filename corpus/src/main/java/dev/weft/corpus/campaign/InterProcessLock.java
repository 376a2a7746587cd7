package dev.weft.corpus.campaign;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A short critical section shared by the worker processes of one campaign (writing a new finding,
 * adding to a count), held through an OS file lock so that a worker killed inside it lets go at
 * once. Not reentrant, and one thread per process at a time: a campaign's worker is
 * single-threaded.
 */
final class InterProcessLock implements AutoCloseable {
  private final FileChannel channel;
  private final FileLock lock;

  private InterProcessLock(FileChannel channel, FileLock lock) {
    this.channel = channel;
    this.lock = lock;
  }

  /** Waits until no other process holds the lock on {@code file}, then holds it. */
  static InterProcessLock acquire(Path file) throws IOException {
    FileChannel channel =
        FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    try {
      return new InterProcessLock(channel, channel.lock());
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
  }

  @Override
  public void close() throws IOException {
    try {
      lock.release();
    } finally {
      channel.close();
    }
  }
}
