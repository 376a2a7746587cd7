package dev.weft.targets.pass.locks;

import static dev.weft.targets.Checks.check;
import static dev.weft.targets.Checks.joinAll;
import static dev.weft.targets.Checks.startAll;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * {@code ReentrantLock} and {@code ReentrantReadWriteLock}: mutual exclusion, readers never see a
 * half-done write, a timed {@code tryLock} times out on the virtual clock, and {@code
 * lockInterruptibly} gives way to an interrupt.
 */
public final class Locks {
  private Locks() {}

  static int counter;

  public static void lockExcludes() throws InterruptedException {
    ReentrantLock lock = new ReentrantLock();
    counter = 0;
    Runnable body =
        () -> {
          for (int i = 0; i < 3; i++) {
            lock.lock();
            try {
              int seen = counter;
              counter = seen + 1;
            } finally {
              lock.unlock();
            }
          }
        };
    joinAll(startAll(body, body, body));
    check(counter == 9, "lost update under a ReentrantLock: " + counter);
  }

  static int a;
  static int b;

  public static void readWriteLockExcludesWriters() throws InterruptedException {
    ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
    a = 0;
    b = 0;
    Runnable writer =
        () -> {
          rw.writeLock().lock();
          try {
            a++;
            b++;
          } finally {
            rw.writeLock().unlock();
          }
        };
    Runnable reader =
        () -> {
          rw.readLock().lock();
          try {
            check(a == b, "reader saw a half-done write");
          } finally {
            rw.readLock().unlock();
          }
        };
    joinAll(startAll(writer, reader, writer, reader));
    check(a == 2 && b == 2, "writes lost");
  }

  static volatile boolean result;

  public static void tryLockTimesOutWhileHeld() throws InterruptedException {
    ReentrantLock lock = new ReentrantLock();
    lock.lock();
    long start = System.nanoTime();
    Thread t =
        new Thread(
            () -> {
              try {
                result = lock.tryLock(1, TimeUnit.SECONDS);
              } catch (InterruptedException e) {
                throw new IllegalStateException(e);
              }
            });
    t.start();
    t.join();
    check(!result, "tryLock succeeded while another thread held the lock");
    check(System.nanoTime() - start >= 1_000_000_000L, "the timeout did not move the clock");
    lock.unlock();
  }

  static volatile boolean gotInterrupted;

  public static void lockInterruptiblyIsInterrupted() throws InterruptedException {
    ReentrantLock lock = new ReentrantLock();
    gotInterrupted = false;
    lock.lock();
    Thread t =
        new Thread(
            () -> {
              try {
                lock.lockInterruptibly();
                lock.unlock();
              } catch (InterruptedException e) {
                gotInterrupted = true;
              }
            });
    t.start();
    t.interrupt();
    t.join();
    lock.unlock();
    check(gotInterrupted, "lockInterruptibly acquired a lock that was held throughout");
  }
}
