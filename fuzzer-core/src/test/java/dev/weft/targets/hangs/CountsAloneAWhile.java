package dev.weft.targets.hangs;

/**
 * Correct, and long: after a short-lived helper, the main thread counts alone in a shared field
 * 300,000 times, well inside the budget of a thread running alone but more events than a small
 * trace allowance holds.
 */
public final class CountsAloneAWhile {
  private static volatile long count;

  private CountsAloneAWhile() {}

  public static void main(String[] args) throws InterruptedException {
    Thread helper = new Thread(() -> count++, "helper");
    helper.start();
    helper.join();
    for (int i = 0; i < 300_000; i++) {
      count++;
    }
    if (count != 300_001) {
      throw new AssertionError("counted " + count);
    }
  }
}
