package dev.weft.examples.variables;

/**
 * Correct twin of {@link Figure10}: {@code T1} does all four reads inside one {@code synchronized
 * (LOCK)} block, and {@code T2} and {@code T3} increment while holding the same lock.
 *
 * <p>Why it cannot fail: no write can land between {@code T1}'s reads, so {@code t1 == t2} (and
 * {@code t3 == t4}) always holds. Each thread takes a single lock once, so the program cannot
 * deadlock.
 *
 * <p>{@code a} and {@code b} are reset at the start of {@code main} so that {@code main} can be
 * called repeatedly in one JVM.
 */
public final class Figure10Fixed {
  static final Object LOCK = new Object();
  static int a = 0;
  static int b = 0;

  private Figure10Fixed() {}

  public static void main(String[] args) throws InterruptedException {
    a = 0;
    b = 0;
    Thread th1 =
        new Thread(
            () -> {
              int t1;
              int t2;
              int t3;
              int t4;
              synchronized (LOCK) {
                t1 = a;
                t2 = a;
                t3 = b;
                t4 = b;
              }
              if (!(t1 == t2 || t3 == t4)) {
                throw new AssertionError("both a and b changed between T1's paired reads");
              }
            },
            "T1");
    Thread th2 =
        new Thread(
            () -> {
              synchronized (LOCK) {
                a++;
              }
            },
            "T2");
    Thread th3 =
        new Thread(
            () -> {
              synchronized (LOCK) {
                b++;
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
