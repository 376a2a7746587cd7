package dev.weft.examples.variables;

/**
 * PCTVB Figure 2: an atomicity violation (non-repeatable read).
 *
 * <p>{@code T1} reads {@code a} twice and asserts that both reads agree; {@code T2} increments
 * {@code a}. Failing interleaving: {@code T1} reads {@code t1 = 0}, then {@code T2}'s write of
 * {@code a = 1} happens, then {@code T1} reads {@code t2 = 1}; the Java {@code assert} throws an
 * {@link AssertionError} (assertions must be enabled).
 */
public final class Figure2 {
  static int a = 0;

  private Figure2() {}

  public static void main(String[] args) throws InterruptedException {
    Thread th1 =
        new Thread(
            () -> {
              int t1 = a;
              int t2 = a;
              assert t1 == t2 : "T1's two reads of a differ: T2's a++ ran between them";
            },
            "T1");
    Thread th2 = new Thread(() -> a++, "T2");
    th1.start();
    th2.start();
    th1.join();
    th2.join();
  }
}
