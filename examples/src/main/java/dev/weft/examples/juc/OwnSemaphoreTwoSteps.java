package dev.weft.examples.juc;

import java.util.concurrent.locks.AbstractQueuedSynchronizer;

/**
 * A program's own semaphore, built on {@link AbstractQueuedSynchronizer} as libraries build theirs,
 * taken in two steps where it must be taken at once.
 *
 * <p>Two permits; each of two workers needs both and takes them one at a time. Failing
 * interleaving: each worker takes its first permit before either takes its second; both then wait
 * in {@code acquireShared} for a permit only the other could give back, for ever (a deadlock).
 */
public final class OwnSemaphoreTwoSteps {
  /** A counting semaphore in the synchronizer's shared mode. */
  static final class Permits extends AbstractQueuedSynchronizer {
    Permits(int permits) {
      setState(permits);
    }

    @Override
    protected int tryAcquireShared(int wanted) {
      while (true) {
        int available = getState();
        int left = available - wanted;
        if (left < 0 || compareAndSetState(available, left)) {
          return left;
        }
      }
    }

    @Override
    protected boolean tryReleaseShared(int returned) {
      while (true) {
        int available = getState();
        if (compareAndSetState(available, available + returned)) {
          return true;
        }
      }
    }
  }

  public static void main(String[] args) throws InterruptedException {
    Permits permits = new Permits(2);
    Runnable worker =
        () -> {
          permits.acquireShared(1);
          permits.acquireShared(1);
          permits.releaseShared(2);
        };
    Thread a = new Thread(worker, "worker-a");
    Thread b = new Thread(worker, "worker-b");
    a.start();
    b.start();
    a.join();
    b.join();
  }
}
