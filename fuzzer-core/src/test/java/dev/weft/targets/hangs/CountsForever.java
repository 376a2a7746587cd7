package dev.weft.targets.hangs;

/**
 * Two threads that count in a shared field for ever: every step changes shared state, so nothing
 * but a budget of time or steps ends a run.
 */
public final class CountsForever {
  private static volatile long count;

  private CountsForever() {}

  public static void main(String[] args) throws InterruptedException {
    Thread other = new Thread(CountsForever::count, "other");
    other.start();
    count();
  }

  private static void count() {
    while (true) {
      count++;
    }
  }
}
