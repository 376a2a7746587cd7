package dev.weft.targets.pass.stampedlock;

import static dev.weft.targets.Checks.check;
import static dev.weft.targets.Checks.joinAll;
import static dev.weft.targets.Checks.startAll;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.StampedLock;

/**
 * {@code StampedLock} and its views: writers exclude, readers and upgraders see whole writes, a
 * validated optimistic read is consistent, and waits end by timeout or interrupt.
 */
public final class StampedLocks {
  private StampedLocks() {}

  static int counter;
  static int a;
  static int b;

  public static void stampedLockExcludes() throws InterruptedException {
    StampedLock lock = new StampedLock();
    counter = 0;
    a = 0;
    b = 0;
    Runnable writer =
        () -> {
          long stamp = lock.writeLock();
          try {
            int seen = counter;
            counter = seen + 1;
            a++;
            b++;
          } finally {
            lock.unlockWrite(stamp);
          }
        };
    Runnable reader =
        () -> {
          long stamp = lock.readLock();
          try {
            check(a == b, "a reader saw a half-done write");
          } finally {
            lock.unlockRead(stamp);
          }
        };
    Runnable upgrader =
        () -> {
          long stamp = lock.readLock();
          try {
            check(a == b, "a reader saw a half-done write");
            long write = lock.tryConvertToWriteLock(stamp);
            if (write == 0) {
              lock.unlockRead(stamp);
              stamp = lock.writeLock();
            } else {
              stamp = write;
            }
            int seen = counter;
            counter = seen + 1;
            a++;
            b++;
          } finally {
            lock.unlock(stamp);
          }
        };
    joinAll(startAll(writer, reader, writer, upgrader));
    check(counter == 3 && a == 3 && b == 3, "lost update under a StampedLock: " + counter);
    check(!lock.isWriteLocked() && !lock.isReadLocked(), "a StampedLock was left locked");
  }

  static int x;
  static int y;

  public static void stampedOptimisticReadValidates() throws InterruptedException {
    StampedLock lock = new StampedLock();
    x = 0;
    y = 0;
    Runnable writer =
        () -> {
          for (int i = 0; i < 2; i++) {
            long stamp = lock.writeLock();
            try {
              x++;
              y++;
            } finally {
              lock.unlockWrite(stamp);
            }
          }
        };
    Runnable reader =
        () -> {
          for (int i = 0; i < 3; i++) {
            long stamp = lock.tryOptimisticRead();
            int rx = x;
            int ry = y;
            if (!lock.validate(stamp)) {
              stamp = lock.readLock();
              try {
                rx = x;
                ry = y;
              } finally {
                lock.unlockRead(stamp);
              }
            }
            check(rx == ry, "a validated optimistic read saw x=" + rx + ", y=" + ry);
          }
        };
    joinAll(startAll(writer, reader, reader));
  }

  public static void stampedLockViewsExclude() throws InterruptedException {
    StampedLock stamped = new StampedLock();
    Lock write = stamped.asWriteLock();
    Lock read = stamped.asReadWriteLock().readLock();
    counter = 0;
    a = 0;
    b = 0;
    Runnable writer =
        () -> {
          write.lock();
          try {
            int seen = counter;
            counter = seen + 1;
            a++;
            b++;
          } finally {
            write.unlock();
          }
        };
    Runnable reader =
        () -> {
          read.lock();
          try {
            check(a == b, "a read-lock view saw a half-done write");
          } finally {
            read.unlock();
          }
        };
    joinAll(startAll(writer, reader, writer));
    check(counter == 2 && a == 2 && b == 2, "lost update under a StampedLock view: " + counter);
  }

  static volatile long stampSeen;
  static volatile boolean gotInterrupted;

  public static void stampedLockWaitsEndByTimeoutOrInterrupt() throws InterruptedException {
    StampedLock lock = new StampedLock();
    long held = lock.writeLock();
    long start = System.nanoTime();
    gotInterrupted = false;
    Thread timed =
        new Thread(
            () -> {
              try {
                stampSeen = lock.tryReadLock(1, TimeUnit.SECONDS);
              } catch (InterruptedException e) {
                throw new IllegalStateException(e);
              }
            });
    Thread interrupted =
        new Thread(
            () -> {
              try {
                lock.writeLockInterruptibly();
              } catch (InterruptedException e) {
                gotInterrupted = true;
              }
            });
    timed.start();
    interrupted.start();
    interrupted.interrupt();
    joinAll(timed, interrupted);
    check(stampSeen == 0, "tryReadLock succeeded while another thread held the write lock");
    check(System.nanoTime() - start >= 1_000_000_000L, "the timeout did not move the clock");
    check(gotInterrupted, "writeLockInterruptibly acquired a lock that was held throughout");
    check(lock.tryWriteLock() == 0, "tryWriteLock succeeded while the write lock was held");
    lock.unlockWrite(held);
  }
}
