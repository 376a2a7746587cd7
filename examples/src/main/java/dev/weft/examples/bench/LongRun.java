package dev.weft.examples.bench;

/**
 * Runs with millions of events, for measuring how the segment pipeline copes with long traces; not
 * a bug, not part of the catalog. Every thread updates shared array elements in a loop (a read and
 * a write per step, so every step conflicts with the other threads' steps on the same element).
 *
 * <p>Arguments: total events (about), threads (default 2), and the shape: {@code hot} (default)
 * spreads the steps over 4 elements, {@code wide} over one element per step of a thread, so the run
 * touches as many distinct locations as it has steps per thread.
 */
public final class LongRun {
  private LongRun() {}

  public static void main(String[] args) throws InterruptedException {
    long events = Long.parseLong(args[0]);
    int threads = args.length > 1 ? Integer.parseInt(args[1]) : 2;
    boolean wide = args.length > 2 && args[2].equals("wide");
    int steps = (int) Math.max(1, events / 2 / threads);
    int[] cells = new int[wide ? steps : 4];
    int mask = wide ? -1 : 3;
    Thread[] workers = new Thread[threads];
    for (int t = 0; t < threads; t++) {
      workers[t] =
          new Thread(
              () -> {
                for (int i = 0; i < steps; i++) {
                  int c = mask < 0 ? i : i & mask;
                  cells[c] = cells[c] + 1;
                }
              });
      workers[t].start();
    }
    for (Thread w : workers) {
      w.join();
    }
  }
}
