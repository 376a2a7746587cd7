package dev.weft.examples.variables;

/**
 * PCTVB Figure 8: three threads, the checker must run last.
 *
 * <p>{@code T1} and {@code T2} each do {@code a++} (an unsynchronized read-then-write); {@code T3}
 * checks {@code a != 2}. Failing interleaving: both increments complete without losing an update
 * (the second incrementer reads {@code a} after the first one wrote it) and only then {@code T3}
 * reads {@code a}, seeing 2. If {@code T3} reads earlier, or the increments race and one update is
 * lost, the check passes.
 */
public final class Figure8 {
  static int a = 0;

  private Figure8() {}

  public static void main(String[] args) throws InterruptedException {
    Thread th1 = new Thread(() -> a++, "T1");
    Thread th2 = new Thread(() -> a++, "T2");
    Thread th3 =
        new Thread(
            () -> {
              if (a == 2) {
                throw new AssertionError("T3 saw a == 2: both increments ran before the check");
              }
            },
            "T3");
    th1.start();
    th2.start();
    th3.start();
    th1.join();
    th2.join();
    th3.join();
  }
}
