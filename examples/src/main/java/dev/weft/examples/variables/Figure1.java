package dev.weft.examples.variables;

/**
 * PCTVB Figure 1: an ordering bug of depth 1.
 *
 * <p>{@code T1} asserts {@code a == 0}; {@code T2} increments {@code a}. Failing interleaving:
 * {@code T2}'s {@code a++} (its write) happens before {@code T1} reads {@code a}; the Java {@code
 * assert} in {@code T1} then throws an {@link AssertionError} (assertions must be enabled).
 */
public final class Figure1 {
  static int a = 0;

  private Figure1() {}

  public static void main(String[] args) throws InterruptedException {
    Thread th1 =
        new Thread(
            () -> {
              assert a == 0 : "T1 saw a != 0: T2's a++ ran before T1's check";
            },
            "T1");
    Thread th2 = new Thread(() -> a++, "T2");
    th1.start();
    th2.start();
    th1.join();
    th2.join();
  }
}
