package dev.weft.examples.variables;

/**
 * PCTVB Figure 3: a non-repeatable read that needs two ordering constraints.
 *
 * <p>{@code T1} reads {@code a} twice and checks that both reads agree; {@code T2} writes {@code a
 * = 1} and then {@code a = 0}. The check fails only if exactly one of {@code T2}'s writes lands
 * between {@code T1}'s reads: either {@code T1} reads {@code t1 = 0} before {@code a = 1} and
 * {@code t2 = 1} between {@code a = 1} and {@code a = 0}, or {@code T1} reads {@code t1 = 1}
 * between the two writes and {@code t2 = 0} after {@code a = 0}. If both writes fall between the
 * reads (or none does) both reads see 0.
 */
public final class Figure3 {
  static int a = 0;

  private Figure3() {}

  public static void main(String[] args) throws InterruptedException {
    Thread th1 =
        new Thread(
            () -> {
              int t1 = a;
              int t2 = a;
              if (t1 != t2) {
                throw new AssertionError("T1's two reads of a differ (" + t1 + " then " + t2 + ")");
              }
            },
            "T1");
    Thread th2 =
        new Thread(
            () -> {
              a = 1;
              a = 0;
            },
            "T2");
    th1.start();
    th2.start();
    th1.join();
    th2.join();
  }
}
