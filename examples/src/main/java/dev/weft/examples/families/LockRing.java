package dev.weft.examples.families;

/**
 * N threads around a ring of N monitors: thread i takes monitor i and, holding it, monitor i + 1
 * (the last one wraps round to monitor 0) to move a token along. Any two neighbours take their
 * shared monitor in the same order, so no two threads invert a lock order; only all N together
 * close the cycle.
 *
 * <p>Failing interleaving: every thread enters its first monitor before any enters its second, and
 * all N block: a deadlock among N threads.
 *
 * <p>Argument: the number of threads (default 3, at least 2).
 */
public final class LockRing {
  static int token;

  private LockRing() {}

  public static void main(String[] args) throws InterruptedException {
    int n = Math.max(2, args.length > 0 ? Integer.parseInt(args[0]) : 3);
    Object[] monitors = new Object[n];
    for (int i = 0; i < n; i++) {
      monitors[i] = new Object();
    }
    Thread[] threads = new Thread[n];
    for (int i = 0; i < n; i++) {
      Object first = monitors[i];
      Object second = monitors[(i + 1) % n];
      threads[i] =
          new Thread(
              () -> {
                synchronized (first) {
                  synchronized (second) {
                    token++;
                  }
                }
              },
              "link" + i);
    }
    for (Thread t : threads) {
      t.start();
    }
    for (Thread t : threads) {
      t.join();
    }
  }
}
