package dev.weft.targets;

/**
 * What the test targets share: a self-check that fails the run, and starting and joining a group of
 * threads. Target code like the rest of this package tree, so it is instrumented with them.
 */
public final class Checks {
  private Checks() {}

  /** Fails the run with {@code what} unless {@code ok}. */
  public static void check(boolean ok, String what) {
    if (!ok) {
      throw new AssertionError(what);
    }
  }

  /** Starts one thread per body, named {@code t0}, {@code t1}, ... */
  public static Thread[] startAll(Runnable... bodies) {
    Thread[] threads = new Thread[bodies.length];
    for (int i = 0; i < bodies.length; i++) {
      threads[i] = new Thread(bodies[i], "t" + i);
      threads[i].start();
    }
    return threads;
  }

  public static void joinAll(Thread... threads) throws InterruptedException {
    for (Thread t : threads) {
      t.join();
    }
  }
}
