package dev.weft.examples.variables;

/**
 * PCTVB Figure 4: a bug that needs three ordering constraints on two variables.
 *
 * <p>{@code T1} reads {@code t1 = a}, {@code t2 = a}, {@code t3 = b} and checks {@code t1 == t2 ||
 * t3 != 1}; {@code T2} writes {@code a = 1}, {@code b = 1}, {@code b = 0}. Failing interleaving:
 * {@code T1} reads {@code t1 = 0} before {@code a = 1}, reads {@code t2 = 1} after it, and reads
 * {@code b} between {@code b = 1} and {@code b = 0} (so {@code t3 = 1}). For example {@code T1:
 * t1=a}, {@code T2: a=1, b=1}, {@code T1: t2=a, t3=b}, {@code T2: b=0}.
 */
public final class Figure4 {
  static int a = 0;
  static int b = 0;

  private Figure4() {}

  public static void main(String[] args) throws InterruptedException {
    Thread th1 =
        new Thread(
            () -> {
              int t1 = a;
              int t2 = a;
              int t3 = b;
              if (!(t1 == t2 || t3 != 1)) {
                throw new AssertionError(
                    "T1 saw a change from " + t1 + " to " + t2 + " and then b == 1");
              }
            },
            "T1");
    Thread th2 =
        new Thread(
            () -> {
              a = 1;
              b = 1;
              b = 0;
            },
            "T2");
    th1.start();
    th2.start();
    th1.join();
    th2.join();
  }
}
