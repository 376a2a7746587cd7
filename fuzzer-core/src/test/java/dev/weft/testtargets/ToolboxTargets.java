package dev.weft.testtargets;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Exchanger;
import java.util.concurrent.Phaser;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.concurrent.locks.StampedLock;

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

  static int[] arrivals;

  /**
   * Three parties over three phases, one of them arriving and awaiting separately; {@code
   * onAdvance} terminates the phaser after the third. No party may leave a phase before all three
   * arrived in it.
   */
  public static void phaserKeepsPartiesInStep() throws InterruptedException {
    arrivals = new int[3];
    Object mutex = new Object();
    Phaser phaser =
        new Phaser(3) {
          @Override
          protected boolean onAdvance(int phase, int registeredParties) {
            return phase == 2;
          }
        };
    Runnable together =
        () -> {
          for (int p = 0; p < 3; p++) {
            synchronized (mutex) {
              arrivals[p]++;
            }
            int next = phaser.arriveAndAwaitAdvance();
            synchronized (mutex) {
              check(arrivals[p] == 3, "left phase " + p + " after " + arrivals[p] + " arrivals");
            }
            check(p < 2 ? next == p + 1 : next == 3 || next < 0, "phase " + p + " -> " + next);
          }
        };
    Runnable separately =
        () -> {
          for (int p = 0; p < 3; p++) {
            synchronized (mutex) {
              arrivals[p]++;
            }
            int arrived = phaser.arrive();
            check(arrived == p, "arrived in phase " + arrived + ", expected " + p);
            int next = phaser.awaitAdvance(arrived);
            synchronized (mutex) {
              check(arrivals[p] == 3, "left phase " + p + " after " + arrivals[p] + " arrivals");
            }
            check(p < 2 ? next == p + 1 : next < 0, "awaitAdvance(" + p + ") -> " + next);
          }
        };
    joinAll(startAll(together, separately, together));
    check(phaser.isTerminated(), "onAdvance asked for termination");
  }

  static volatile int lateRegistration;

  /**
   * A two-level tree: two sub-phasers of one party each, and a late party that registers with one
   * of them. Registering with a sub-phaser whose parties have all arrived waits for the root to
   * advance; the registration must then hold the phase it applied to until that party arrives.
   */
  public static void phaserTreeAdvancesTogether() throws InterruptedException {
    arrivals = new int[2];
    Object mutex = new Object();
    Phaser root = new Phaser();
    Phaser left = new Phaser(root, 1);
    Phaser right = new Phaser(root, 1);
    Runnable[] parties = new Runnable[3];
    for (int i = 0; i < 2; i++) {
      Phaser mine = i == 0 ? left : right;
      parties[i] =
          () -> {
            for (int p = 0; p < 2; p++) {
              synchronized (mutex) {
                arrivals[p]++;
              }
              int next = mine.arriveAndAwaitAdvance();
              synchronized (mutex) {
                check(arrivals[p] == 2, "left phase " + p + " after " + arrivals[p] + " arrivals");
              }
              check(next == p + 1, "phase " + p + " -> " + next);
            }
          };
    }
    parties[2] =
        () -> {
          int phase = left.register();
          lateRegistration = phase;
          check(root.getPhase() == phase, "the phase advanced past an unarrived party");
          left.arriveAndDeregister();
        };
    joinAll(startAll(parties));
    check(root.getPhase() == 2, "root phase " + root.getPhase());
    check(lateRegistration >= 0 && lateRegistration <= 2, "registered in " + lateRegistration);
  }

  public static void exchangerSwapsPairwise() throws InterruptedException {
    Exchanger<Integer> exchanger = new Exchanger<>();
    int[] partner = new int[4];
    Runnable[] bodies = new Runnable[4];
    for (int i = 0; i < 4; i++) {
      int me = i;
      bodies[i] =
          () -> {
            try {
              partner[me] = exchanger.exchange(me);
            } catch (InterruptedException e) {
              throw new IllegalStateException(e);
            }
          };
    }
    joinAll(startAll(bodies));
    for (int i = 0; i < 4; i++) {
      check(partner[i] != i, "thread " + i + " got its own item back");
      check(partner[partner[i]] == i, "not pairwise: " + java.util.Arrays.toString(partner));
    }
  }

  static volatile String received;

  public static void exchangeTimesOutAlone() throws Exception {
    Exchanger<String> exchanger = new Exchanger<>();
    long start = System.nanoTime();
    try {
      exchanger.exchange("lonely", 1, TimeUnit.SECONDS);
      check(false, "a timed exchange with no partner returned");
    } catch (TimeoutException expected) {
      check(System.nanoTime() - start >= 1_000_000_000L, "the timeout did not move the clock");
    }
    gotInterrupted = false;
    Thread interrupted =
        new Thread(
            () -> {
              try {
                exchanger.exchange("interrupted");
              } catch (InterruptedException e) {
                gotInterrupted = true;
              }
            });
    interrupted.start();
    interrupted.interrupt();
    interrupted.join();
    check(gotInterrupted, "an exchange with no partner ended without an interrupt");
    Thread partner =
        new Thread(
            () -> {
              try {
                received = exchanger.exchange("partner");
              } catch (InterruptedException e) {
                throw new IllegalStateException(e);
              }
            });
    partner.start();
    String mine = exchanger.exchange("main");
    partner.join();
    check(mine.equals("partner") && received.equals("main"), mine + " / " + received);
  }
}
