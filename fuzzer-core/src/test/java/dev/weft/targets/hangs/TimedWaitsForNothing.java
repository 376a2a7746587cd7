package dev.weft.targets.hangs;

/**
 * Two threads that wait, a second at a time, for a flag that nobody will ever set: each time-out
 * wakes a thread that finds nothing changed and waits again.
 */
public final class TimedWaitsForNothing {
  private static final Object LOCK = new Object();
  private static boolean ready;

  private TimedWaitsForNothing() {}

  public static void main(String[] args) throws InterruptedException {
    Thread a = new Thread(TimedWaitsForNothing::awaitReady, "a");
    Thread b = new Thread(TimedWaitsForNothing::awaitReady, "b");
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
