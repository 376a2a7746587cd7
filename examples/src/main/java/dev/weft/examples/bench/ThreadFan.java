package dev.weft.examples.bench;

/**
 * A correct program whose cost is mostly its threads: {@code args[0]} workers (default 10), each
 * taking a shared lock {@code args[1]} times (default 5) to add to a total and reading a volatile
 * flag; the main thread starts them all, joins them and checks the total. For measuring how the
 * cost of a run grows with the thread count; not part of the catalog.
 */
public final class ThreadFan {
  private static final Object LOCK = new Object();
  private static int total;
  private static volatile boolean stop;

  private ThreadFan() {}

  public static void main(String[] args) throws InterruptedException {
    int threads = args.length > 0 ? Integer.parseInt(args[0]) : 10;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    total = 0;
    Thread[] workers = new Thread[threads];
    for (int i = 0; i < threads; i++) {
      workers[i] =
          new Thread(
              () -> {
                for (int r = 0; r < rounds && !stop; r++) {
                  synchronized (LOCK) {
                    total++;
                  }
                }
              });
      workers[i].start();
    }
    for (Thread w : workers) {
      w.join();
    }
    if (total != threads * rounds) {
      throw new AssertionError("total " + total + " after " + threads + " x " + rounds);
    }
  }
}
