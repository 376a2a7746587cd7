package dev.weft.bench.hangs;

/**
 * A hang of scripts/bench-hangs: two threads wait, a second at a time, for a flag nobody sets (as a
 * search library's documented hang does). Every run hangs; on the virtual clock each time-out is a
 * few steps, so the run is long in steps, never in time.
 */
public final class TimedWaitsForFlag {
  private static final Object LOCK = new Object();
  private static boolean ready;

  private TimedWaitsForFlag() {}

  public static void main(String[] args) throws InterruptedException {
    Thread a = new Thread(TimedWaitsForFlag::awaitReady, "a");
    Thread b = new Thread(TimedWaitsForFlag::awaitReady, "b");
    a.start();
    b.start();
    a.join();
    b.join();
  }

  private static void awaitReady() {
    synchronized (LOCK) {
      while (!ready) {
        try {
          LOCK.wait(1000);
        } catch (InterruptedException e) {
          return;
        }
      }
    }
  }
}
