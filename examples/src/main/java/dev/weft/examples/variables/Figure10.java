package dev.weft.examples.variables;

/**
 * PCTVB Figure 10: two independent non-repeatable reads that must both happen.
 *
 * <p>{@code T1} reads {@code t1 = a}, {@code t2 = a}, {@code t3 = b}, {@code t4 = b} and checks
 * {@code t1 == t2 || t3 == t4}; {@code T2} does {@code a++} and {@code T3} does {@code b++}.
 * Failing interleaving: {@code T2}'s write of {@code a} lands between {@code T1}'s two reads of
 * {@code a} <em>and</em> {@code T3}'s write of {@code b} lands between {@code T1}'s two reads of
 * {@code b}, e.g. {@code T1: t1=a}, {@code T2: a++}, {@code T1: t2=a, t3=b}, {@code T3: b++},
 * {@code T1: t4=b}.
 */
public final class Figure10 {
  static int a = 0;
  static int b = 0;

  private Figure10() {}

  public static void main(String[] args) throws InterruptedException {
    Thread th1 =
        new Thread(
            () -> {
              int t1 = a;
              int t2 = a;
              int t3 = b;
              int t4 = b;
              if (!(t1 == t2 || t3 == t4)) {
                throw new AssertionError("both a and b changed between T1's paired reads");
              }
            },
            "T1");
    Thread th2 = new Thread(() -> a++, "T2");
    Thread th3 = new Thread(() -> b++, "T3");
    th1.start();
    th2.start();
    th3.start();
    th1.join();
    th2.join();
    th3.join();
  }
}
