package dev.weft.targets.pass.aqs;

import static dev.weft.targets.Checks.check;
import static dev.weft.targets.Checks.joinAll;
import static dev.weft.targets.Checks.startAll;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.AbstractQueuedLongSynchronizer;
import java.util.concurrent.locks.AbstractQueuedSynchronizer;
import java.util.concurrent.locks.Condition;

/**
 * Synchronizers a program builds on {@code AbstractQueuedSynchronizer} and {@code
 * AbstractQueuedLongSynchronizer}, used correctly: every interleaving passes, and no run is skipped
 * (the JDK would park their waiting threads where Weft cannot see them).
 */
public final class OwnSynchronizers {
  private OwnSynchronizers() {}

  /** A counting semaphore in shared mode, as libraries write their own. */
  static final class OwnSemaphore extends AbstractQueuedSynchronizer {
    OwnSemaphore(int permits) {
      setState(permits);
    }

    @Override
    protected int tryAcquireShared(int n) {
      while (true) {
        int available = getState();
        int left = available - n;
        if (left < 0 || compareAndSetState(available, left)) {
          return left;
        }
      }
    }

    @Override
    protected boolean tryReleaseShared(int n) {
      while (true) {
        int current = getState();
        if (compareAndSetState(current, current + n)) {
          return true;
        }
      }
    }

    int permits() {
      return getState();
    }
  }

  /** A non-reentrant mutex in exclusive mode, with conditions. */
  static final class OwnMutex extends AbstractQueuedSynchronizer {
    @Override
    protected boolean tryAcquire(int ignored) {
      if (compareAndSetState(0, 1)) {
        setExclusiveOwnerThread(Thread.currentThread());
        return true;
      }
      return false;
    }

    @Override
    protected boolean tryRelease(int ignored) {
      if (getExclusiveOwnerThread() != Thread.currentThread()) {
        throw new IllegalMonitorStateException();
      }
      setExclusiveOwnerThread(null);
      setState(0);
      return true;
    }

    @Override
    protected boolean isHeldExclusively() {
      return getState() == 1 && getExclusiveOwnerThread() == Thread.currentThread();
    }

    Condition newCondition() {
      return new ConditionObject();
    }
  }

  /** A one-shot latch on a long state: the count a library keeps in 64 bits. */
  static final class LongLatch extends AbstractQueuedLongSynchronizer {
    LongLatch(long count) {
      setState(count);
    }

    @Override
    protected long tryAcquireShared(long ignored) {
      return getState() == 0 ? 1 : -1;
    }

    @Override
    protected boolean tryReleaseShared(long ignored) {
      while (true) {
        long c = getState();
        if (c == 0) {
          return false;
        }
        if (compareAndSetState(c, c - 1)) {
          return c == 1;
        }
      }
    }
  }

  static int inside;
  static int items;

  /** Never more threads inside than permits, and every permit comes back. */
  public static void ownSemaphoreBoundsConcurrency() throws InterruptedException {
    OwnSemaphore permits = new OwnSemaphore(2);
    OwnMutex mutex = new OwnMutex();
    inside = 0;
    Runnable body =
        () -> {
          permits.acquireShared(1);
          try {
            mutex.acquire(1);
            inside++;
            check(inside <= 2, "three threads inside a two-permit semaphore");
            mutex.release(1);
            Thread.yield();
            mutex.acquire(1);
            inside--;
            mutex.release(1);
          } finally {
            permits.releaseShared(1);
          }
        };
    joinAll(startAll(body, body, body, body));
    check(permits.permits() == 2, "permits leaked");
    check(!permits.hasQueuedThreads(), "threads still queued");
  }

  /** A consumer waits on a condition in a loop under the mutex; the producer signals under it. */
  public static void ownMutexConditionHandsOver() throws InterruptedException {
    OwnMutex mutex = new OwnMutex();
    Condition nonEmpty = mutex.newCondition();
    items = 0;
    Runnable consumer =
        () -> {
          mutex.acquire(1);
          try {
            while (items == 0) {
              nonEmpty.awaitUninterruptibly();
            }
            items--;
          } finally {
            mutex.release(1);
          }
        };
    Runnable producer =
        () -> {
          mutex.acquire(1);
          try {
            items++;
            nonEmpty.signal();
          } finally {
            mutex.release(1);
          }
        };
    joinAll(startAll(consumer, consumer, producer, producer));
    check(items == 0, "an item was lost or made up");
  }

  /** Waiters pass an AQLS latch once it reaches zero, whoever counts down last. */
  public static void longLatchReleasesAllWaiters() throws InterruptedException {
    LongLatch latch = new LongLatch(2);
    Runnable waiter =
        () -> {
          try {
            latch.acquireSharedInterruptibly(1);
          } catch (InterruptedException e) {
            throw new AssertionError(e);
          }
        };
    Runnable counter = () -> latch.releaseShared(1);
    joinAll(startAll(waiter, waiter, counter, counter));
    check(latch.tryAcquireSharedNanos(1, 0), "the latch did not open");
  }

  /**
   * Timed waits on the virtual clock: nobody signals, so the timed await returns false and the
   * timed acquire of a held mutex gives up, each with the lock state as the JDK leaves it.
   */
  public static void timedWaitsTimeOut() throws InterruptedException {
    OwnMutex mutex = new OwnMutex();
    Condition never = mutex.newCondition();
    mutex.acquire(1);
    long before = System.nanoTime();
    check(!never.await(5, TimeUnit.MILLISECONDS), "await returned true with no signal");
    check(System.nanoTime() - before >= TimeUnit.MILLISECONDS.toNanos(5), "no time passed");
    check(mutex.isHeldExclusively(), "await did not take the mutex back");
    boolean[] got = new boolean[1];
    Thread other =
        new Thread(
            () -> {
              try {
                got[0] = mutex.tryAcquireNanos(1, TimeUnit.MILLISECONDS.toNanos(3));
              } catch (InterruptedException e) {
                throw new AssertionError(e);
              }
            });
    other.start();
    other.join();
    check(!got[0], "a held mutex was acquired");
    mutex.release(1);
  }

  /** An interrupted acquire gives up with InterruptedException and leaves the queue. */
  public static void interruptEndsAnInterruptibleAcquire() throws InterruptedException {
    OwnMutex mutex = new OwnMutex();
    mutex.acquire(1);
    boolean[] interrupted = new boolean[1];
    Thread waiter =
        new Thread(
            () -> {
              try {
                mutex.acquireInterruptibly(1);
                mutex.release(1);
              } catch (InterruptedException e) {
                interrupted[0] = true;
              }
            });
    waiter.start();
    waiter.interrupt();
    waiter.join();
    check(interrupted[0] || !mutex.isHeldExclusively(), "neither interrupted nor acquired");
    check(!mutex.hasQueuedThreads(), "the interrupted thread is still queued");
    mutex.release(1);
  }

  /**
   * What the program can see of its own class stays as on the JVM: its superclass, that it is a
   * synchronizer, and its serialised form (the state goes with it).
   */
  public static void classAndSerialFormUnchanged() throws Exception {
    OwnSemaphore permits = new OwnSemaphore(3);
    check(
        permits.getClass().getSuperclass() == AbstractQueuedSynchronizer.class,
        "the superclass changed");
    check(AbstractQueuedSynchronizer.class.isInstance(permits), "no longer a synchronizer");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(permits);
    }
    OwnSemaphore copy;
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray())) {
          @Override
          protected Class<?> resolveClass(java.io.ObjectStreamClass desc)
              throws java.io.IOException, ClassNotFoundException {
            return Class.forName(desc.getName(), false, OwnSynchronizers.class.getClassLoader());
          }
        }) {
      copy = (OwnSemaphore) in.readObject();
    }
    check(copy.permits() == 3, "the state did not survive serialisation");
  }
}
