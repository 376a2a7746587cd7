package dev.weft.targets.fail.stampedlock;

import java.util.concurrent.locks.StampedLock;

/**
 * A misuse of {@code StampedLock} that only some interleavings expose: Weft's model must leave
 * those interleavings reachable.
 */
public final class StampedLockBugs {
  private StampedLockBugs() {}

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
}
