package dev.weft.targets.fail.fields;

/**
 * Seed 002's intuition as a program: the reader loads {@code x} twice and expects the same value;
 * the writer stores {@code x} once. Only the write between the two reads fails.
 */
public final class DoubleRead {
  static int x;

  private DoubleRead() {}

  public static void main(String[] args) throws InterruptedException {
    Thread reader =
        new Thread(
            () -> {
              int first = x;
              int second = x;
              if (first != second) {
                throw new AssertionError("x changed between two reads: " + first + " " + second);
              }
            });
    Thread writer = new Thread(() -> x = 1);
    reader.start();
    writer.start();
    reader.join();
    writer.join();
  }
}
