package dev.weft.runtime.net;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The block of ports this process's runs give their ephemeral listeners ({@link ListenPorts}).
 * Every run of a process, and its replay in another, takes the same ports while they are free; but
 * two Weft processes at once on one machine (the workers of one campaign, two campaigns, the test
 * JVMs of a build) would cycle through the same ports thousands of times a second, and a port one
 * found free could be taken by the other between its check and its bind: the program would then
 * fail to bind, and that failure would be reported as its bug. So each process takes a block of its
 * own, the first one no other live process holds (a file lock under the temporary folder, released
 * by the kernel when the process ends): a process alone, as a replay usually is, has the first
 * block.
 */
final class PortBlock {
  /** Ports per block. */
  static final int SIZE = 200;

  /** The end of Weft's range: Linux's ephemeral range, which the kernel hands out, starts here. */
  static final int END = 32_768;

  private static final Object LOCK = new Object();
  private static int first = -1;

  /** Kept open for the life of the process: its lock is the claim on the block. */
  @SuppressWarnings("unused")
  private static FileChannel held;

  private PortBlock() {}

  /** The first port of this process's block. */
  static int first() {
    synchronized (LOCK) {
      if (first < 0) {
        first = claim(ListenPorts.FIRST);
      }
      return first;
    }
  }

  private static int claim(int base) {
    Path folder = Path.of(System.getProperty("java.io.tmpdir"), "weft-ports");
    try {
      Files.createDirectories(folder);
    } catch (IOException e) {
      return base; // no folder to claim in: the first block, as before there were blocks
    }
    for (int start = base; start + SIZE <= END; start += SIZE) {
      try {
        FileChannel channel =
            FileChannel.open(
                folder.resolve("block-" + start + ".lock"),
                StandardOpenOption.CREATE,
                StandardOpenOption.WRITE);
        FileLock lock = channel.tryLock();
        if (lock != null) {
          held = channel;
          return start;
        }
        channel.close();
      } catch (IOException | RuntimeException e) {
        // another user's file, or a lock this JVM already holds: the next block
      }
    }
    return base;
  }
}
