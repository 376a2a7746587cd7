package dev.weft.examples.juc;

import java.util.concurrent.locks.AbstractQueuedSynchronizer;

/**
 * A program's own semaphore, built on {@link AbstractQueuedSynchronizer} as libraries build theirs,
 * taken at once: the fix of {@link OwnSemaphoreTwoSteps}.
 *
 * <p>Each worker takes both permits in one {@code acquireShared(2)}: it holds none while it waits,
 * so the other can always finish and give them back.
 */
public final class OwnSemaphoreTwoStepsFixed {
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
          permits.acquireShared(2);
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
