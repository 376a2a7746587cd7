package dev.weft.testtargets;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * Correct programs that use the {@code java.util.concurrent} toolbox and check its guarantees
 * themselves: if Weft's model of a synchroniser were wrong (no mutual exclusion, a timeout that
 * never fires, a barrier that lets a thread through early), some interleaving would fail.
 */
public final class ToolboxTargets {
  private ToolboxTargets() {}

  private static void check(boolean ok, String what) {
    if (!ok) {
      throw new AssertionError(what);
    }
  }

  private static Thread[] startAll(Runnable... bodies) {
    Thread[] threads = new Thread[bodies.length];
    for (int i = 0; i < bodies.length; i++) {
      threads[i] = new Thread(bodies[i], "t" + i);
      threads[i].start();
    }
    return threads;
  }

  private static void joinAll(Thread... threads) throws InterruptedException {
    for (Thread t : threads) {
      t.join();
    }
  }

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

  public static void conditionAwaitTimesOut() throws InterruptedException {
    ReentrantLock lock = new ReentrantLock();
    Condition never = lock.newCondition();
    lock.lock();
    try {
      long start = System.nanoTime();
      boolean signalled = never.await(100, TimeUnit.MILLISECONDS);
      check(!signalled, "await reported a signal nobody sent");
      check(System.nanoTime() - start >= 100_000_000L, "the timeout did not move the clock");
      check(lock.isHeldByCurrentThread() && lock.getHoldCount() == 1, "lock not re-acquired");
    } finally {
      lock.unlock();
    }
  }

  static int inside;

  public static void semaphoreBoundsConcurrency() throws InterruptedException {
    Semaphore permits = new Semaphore(2);
    Object mutex = new Object();
    inside = 0;
    Runnable body =
        () -> {
          permits.acquireUninterruptibly();
          try {
            synchronized (mutex) {
              inside++;
              check(inside <= 2, "three threads inside a two-permit semaphore");
            }
            Thread.yield();
            synchronized (mutex) {
              inside--;
            }
          } finally {
            permits.release();
          }
        };
    joinAll(startAll(body, body, body, body));
    check(permits.availablePermits() == 2, "permits leaked");
  }

  public static void latchAwaitTimesOut() throws InterruptedException {
    CountDownLatch never = new CountDownLatch(1);
    check(!never.await(1, TimeUnit.SECONDS), "await returned true on a closed latch");
    CountDownLatch once = new CountDownLatch(1);
    Thread t = new Thread(once::countDown);
    t.start();
    once.await();
    check(once.getCount() == 0, "await returned before the count reached zero");
    t.join();
  }

  static int generations;

  public static void barrierRunsItsActionFirst() throws InterruptedException {
    generations = 0;
    CyclicBarrier barrier = new CyclicBarrier(3, () -> generations++);
    Set<Integer> indices = new HashSet<>();
    Runnable body =
        () -> {
          try {
            int index = barrier.await();
            check(generations == 1, "a party passed the barrier before its action ran");
            synchronized (indices) {
              indices.add(index);
            }
          } catch (InterruptedException | BrokenBarrierException e) {
            throw new IllegalStateException(e);
          }
        };
    joinAll(startAll(body, body, body));
    check(indices.equals(Set.of(0, 1, 2)), "arrival indices " + indices);
  }

  static volatile boolean flag;

  public static void parkUntilUnparked() throws InterruptedException {
    flag = false;
    Thread waiter =
        new Thread(
            () -> {
              while (!flag) {
                LockSupport.park();
              }
            });
    waiter.start();
    flag = true;
    LockSupport.unpark(waiter);
    waiter.join();
  }

  public static void sleepMovesTheClock() throws InterruptedException {
    long nanos = System.nanoTime();
    long millis = System.currentTimeMillis();
    Thread.sleep(2_000);
    TimeUnit.SECONDS.sleep(1);
    check(System.nanoTime() - nanos >= 3_000_000_000L, "nanoTime did not follow the sleeps");
    check(System.currentTimeMillis() - millis >= 3_000, "currentTimeMillis did not follow");
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

  static volatile int stage;

  public static void spinsHandOffBothWays() throws InterruptedException {
    stage = 0;
    Thread other =
        new Thread(
            () -> {
              while (stage != 1) {
                // bare spin on a volatile read
              }
              stage = 2;
            });
    other.start();
    stage = 1;
    while (stage != 2) {
      Thread.yield();
    }
    other.join();
  }
}
