package dev.weft.targets.hangs;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A spin lock that a worker takes and, by the bug, never releases; main then spins on it for ever,
 * its compare-and-set failing at every try: a run whose shared state never changes again.
 */
public final class LockLeftHeld {
  private static final AtomicBoolean LOCKED = new AtomicBoolean();

  private LockLeftHeld() {}

  public static void main(String[] args) throws InterruptedException {
    Thread worker = new Thread(() -> LOCKED.compareAndSet(false, true), "worker");
    worker.start();
    worker.join();
    while (!LOCKED.compareAndSet(false, true)) {
      Thread.onSpinWait();
    }
    LOCKED.set(false);
  }
}
