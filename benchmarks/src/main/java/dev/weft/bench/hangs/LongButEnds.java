package dev.weft.bench.hangs;

/**
 * The correct twin of scripts/bench-hangs: two threads each add to a shared counter under a lock
 * for a few seconds of Weft's time, then end. On a loaded machine its runs take many seconds of
 * wall clock; none is a hang.
 */
public final class LongButEnds {
  private static final Object LOCK = new Object();
  private static long count;

  private LongButEnds() {}

  public static void main(String[] args) throws InterruptedException {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
    Thread other = new Thread(() -> add(n), "other");
    other.start();
    add(n);
    other.join();
  }

  private static void add(int n) {
    for (int i = 0; i < n; i++) {
      synchronized (LOCK) {
        count++;
      }
    }
  }
}
