package dev.weft.targets.jvm;

/** {@code args[0]} threads (default 100) that each add one to a shared total under a lock. */
public final class ManyThreads {
  private static final Object LOCK = new Object();
  private static int total;

  private ManyThreads() {}

  public static void main(String[] args) throws InterruptedException {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 100;
    Thread[] threads = new Thread[n];
    for (int i = 0; i < n; i++) {
      threads[i] =
          new Thread(
              () -> {
                synchronized (LOCK) {
                  total++;
                }
              });
      threads[i].start();
    }
    for (Thread t : threads) {
      t.join();
    }
    if (total != n) {
      throw new AssertionError("total " + total);
    }
  }
}
