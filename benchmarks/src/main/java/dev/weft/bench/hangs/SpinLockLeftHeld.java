package dev.weft.bench.hangs;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A hang of scripts/bench-hangs: of two threads taking a spin lock, one forgets to release it (as a
 * lock-free tree's livelock did); the other spins for ever when it comes second, which only some
 * interleavings do.
 */
public final class SpinLockLeftHeld {
  private static final AtomicBoolean LOCK = new AtomicBoolean();
  private static int shared;

  private SpinLockLeftHeld() {}

  public static void main(String[] args) throws InterruptedException {
    Thread forgets = new Thread(() -> work(false), "forgets");
    Thread releases = new Thread(() -> work(true), "releases");
    forgets.start();
    releases.start();
    forgets.join();
    releases.join();
  }

  private static void work(boolean release) {
    while (!LOCK.compareAndSet(false, true)) {
      Thread.onSpinWait();
    }
    shared++;
    if (release) {
      LOCK.set(false);
    }
  }
}
