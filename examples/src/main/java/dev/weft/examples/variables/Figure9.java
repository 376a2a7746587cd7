package dev.weft.examples.variables;

/**
 * PCTVB Figure 9: a non-repeatable read that needs two other threads to act in between.
 *
 * <p>{@code T1} reads {@code t1 = a} and {@code t2 = a} and checks {@code t2 <= t1 + 1} ("a grew by
 * at most one between my reads"); {@code T2} and {@code T3} each do {@code a++} (unsynchronized
 * read-then-write). Failing interleaving: {@code T1} reads {@code t1 = 0}; then both increments
 * complete without losing an update (the second incrementer reads {@code a} after the first one
 * wrote it), so {@code a == 2}; then {@code T1} reads {@code t2 = 2}. If at most one increment
 * completes between the reads, or the increments race and one update is lost, the check passes.
 *
 * <p>Note: the check is deliberately {@code t2 <= t1 + 1} and not {@code t1 <= t2 + 1}. {@code a}
 * never decreases here (each thread writes once, and a write of 2 requires having read the other
 * thread's 1, after which that thread writes nothing), so {@code t1 <= t2} always holds and {@code
 * t1 <= t2 + 1} could never fail.
 */
public final class Figure9 {
  static int a = 0;

  private Figure9() {}

  public static void main(String[] args) throws InterruptedException {
    Thread th1 =
        new Thread(
            () -> {
              int t1 = a;
              int t2 = a;
              if (!(t2 <= t1 + 1)) {
                throw new AssertionError(
                    "a grew from " + t1 + " to " + t2 + " between T1's two reads");
              }
            },
            "T1");
    Thread th2 = new Thread(() -> a++, "T2");
    Thread th3 = new Thread(() -> a++, "T3");
    th1.start();
    th2.start();
    th3.start();
    th1.join();
    th2.join();
    th3.join();
  }
}
