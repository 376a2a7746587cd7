package dev.weft.testtargets;

import java.util.concurrent.Phaser;
import java.util.concurrent.locks.StampedLock;

/**
 * Misuses of {@code StampedLock} and {@code Phaser} that only some interleavings expose: Weft's
 * models must leave those interleavings reachable.
 */
public final class ToolboxBugs {
  private ToolboxBugs() {}

  static int x;
  static int y;

  /** Trusts an optimistic read without {@code validate}: a write between the reads tears them. */
  public static void optimisticReadWithoutValidate() throws InterruptedException {
    StampedLock lock = new StampedLock();
    x = 0;
    y = 0;
    Thread writer =
        new Thread(
            () -> {
              long stamp = lock.writeLock();
              try {
                x = 1;
                y = 1;
              } finally {
                lock.unlockWrite(stamp);
              }
            });
    writer.start();
    long stamp = lock.tryOptimisticRead();
    int rx = x;
    int ry = y;
    // missing: if (!lock.validate(stamp)) { read again under the read lock }
    if (stamp != 0 && rx != ry) {
      throw new AssertionError("torn optimistic read: x=" + rx + ", y=" + ry);
    }
    writer.join();
  }

  /** Reads the other party's part after {@code arrive()}, which does not wait for it. */
  public static void readAfterArriveWithoutWaiting() throws InterruptedException {
    Phaser phaser = new Phaser(2);
    int[] parts = new int[2];
    Thread other =
        new Thread(
            () -> {
              parts[1] = 2;
              phaser.arriveAndAwaitAdvance();
            });
    other.start();
    parts[0] = 1;
    phaser.arrive(); // should be arriveAndAwaitAdvance()
    int sum = parts[0] + parts[1];
    if (sum != 3) {
      throw new AssertionError("read the sum before the other party's part: " + sum);
    }
    other.join();
  }
}
