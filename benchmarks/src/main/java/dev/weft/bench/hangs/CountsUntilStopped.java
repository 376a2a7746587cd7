package dev.weft.bench.hangs;

/**
 * A hang of scripts/bench-hangs that only the run timeout ends: two threads count in a shared field
 * for ever, so every step changes shared state and nothing shows the run cannot end.
 */
public final class CountsUntilStopped {
  private static volatile long count;

  private CountsUntilStopped() {}

  public static void main(String[] args) {
    Thread other = new Thread(CountsUntilStopped::count, "other");
    other.setDaemon(true);
    other.start();
    count();
  }

  private static void count() {
    while (true) {
      count++;
    }
  }
}
