package dev.weft.targets.fail.aqs;

import static dev.weft.targets.Checks.joinAll;
import static dev.weft.targets.Checks.startAll;

import java.util.concurrent.locks.AbstractQueuedLongSynchronizer;
import java.util.concurrent.locks.AbstractQueuedSynchronizer;
import java.util.concurrent.locks.Condition;

/**
 * Misuses of synchronizers a program builds on {@code AbstractQueuedSynchronizer} and {@code
 * AbstractQueuedLongSynchronizer} that hang only in some interleavings: Weft must find each as a
 * deadlock, where the JVM would park the threads for ever.
 */
public final class OwnSynchronizerBugs {
  private OwnSynchronizerBugs() {}

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
  }

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
      setExclusiveOwnerThread(null);
      setState(0);
      return true;
    }

    @Override
    protected boolean isHeldExclusively() {
      return getExclusiveOwnerThread() == Thread.currentThread();
    }

    Condition newCondition() {
      return new ConditionObject();
    }
  }

  /** Counts arrivals with a read then a write: two arrivals at once count as one. */
  static final class LongGate extends AbstractQueuedLongSynchronizer {
    @Override
    protected long tryAcquireShared(long parties) {
      return getState() >= parties ? 1 : -1;
    }

    @Override
    protected boolean tryReleaseShared(long ignored) {
      long arrived = getState();
      setState(arrived + 1); // not atomic: the bug
      return true;
    }
  }

  static boolean ready;

  /**
   * Two permits, two workers that each take one and then a second: if both take their first before
   * either takes its second, both wait for ever.
   */
  public static void ownSemaphoreTakenInTwoStepsDeadlocks() throws InterruptedException {
    OwnSemaphore permits = new OwnSemaphore(2);
    Runnable worker =
        () -> {
          permits.acquireShared(1);
          permits.acquireShared(1); // should take both at once: acquireShared(2)
          permits.releaseShared(2);
        };
    joinAll(startAll(worker, worker));
  }

  /**
   * Checks the flag before taking the mutex, then awaits without checking again: a signal sent
   * between the check and the await is lost, and the waiter waits for ever.
   */
  public static void ownMutexLostSignal() throws InterruptedException {
    OwnMutex mutex = new OwnMutex();
    Condition isReady = mutex.newCondition();
    ready = false;
    Runnable waiter =
        () -> {
          if (!ready) {
            mutex.acquire(1);
            isReady.awaitUninterruptibly(); // should be: while (!ready) await, under the mutex
            mutex.release(1);
          }
        };
    Runnable signaller =
        () -> {
          mutex.acquire(1);
          ready = true;
          isReady.signal();
          mutex.release(1);
        };
    joinAll(startAll(waiter, signaller));
  }

  /** Two arrivals on a long-state gate lose one count in some interleavings: the waiter hangs. */
  public static void longGateLostArrival() throws InterruptedException {
    LongGate gate = new LongGate();
    Runnable arrive = () -> gate.releaseShared(1);
    Thread[] arrivals = startAll(arrive, arrive);
    gate.acquireSharedInterruptibly(2);
    joinAll(arrivals);
  }
}
