package dev.weft.targets.fail.fields;

/**
 * {@link DoubleRead} at the end of a long run: both threads first update four shared cells {@code
 * args[0]} times (every step conflicts with the other thread's), then the reader loads {@code x}
 * twice and the writer stores it. Only the store between the two loads fails. Random and PCT runs
 * almost never put it there: after thousands of steps the two threads rarely end together.
 */
public final class LongRunDoubleRead {
  static int x;

  private LongRunDoubleRead() {}

  public static void main(String[] args) throws InterruptedException {
    int steps = Integer.parseInt(args[0]);
    int[] cells = new int[4];
    Thread reader =
        new Thread(
            () -> {
              churn(cells, steps);
              int first = x;
              int second = x;
              if (first != second) {
                throw new AssertionError("x changed between two reads: " + first + " " + second);
              }
            });
    Thread writer =
        new Thread(
            () -> {
              churn(cells, steps);
              x = 1;
            });
    reader.start();
    writer.start();
    reader.join();
    writer.join();
  }

  private static void churn(int[] cells, int steps) {
    for (int i = 0; i < steps; i++) {
      cells[i & 3] = cells[i & 3] + 1;
    }
  }
}
