package dev.weft.examples.variables;

/**
 * Correct twin of {@link Figure4}: {@code T1}'s three reads and {@code T2}'s three writes are each
 * done inside one {@code synchronized (LOCK)} block.
 *
 * <p>Why it cannot fail: {@code T1} runs its reads either entirely before {@code T2}'s writes
 * ({@code t1 = t2 = 0}) or entirely after them ({@code t1 = t2 = 1}), so {@code t1 == t2} always
 * holds. Each thread takes a single lock once, so the program cannot deadlock.
 *
 * <p>{@code a} and {@code b} are reset at the start of {@code main} so that {@code main} can be
 * called repeatedly in one JVM.
 */
public final class Figure4Fixed {
  static final Object LOCK = new Object();
  static int a = 0;
  static int b = 0;

  private Figure4Fixed() {}

  public static void main(String[] args) throws InterruptedException {
    a = 0;
    b = 0;
    Thread th1 =
        new Thread(
            () -> {
              int t1;
              int t2;
              int t3;
              synchronized (LOCK) {
                t1 = a;
                t2 = a;
                t3 = b;
              }
              if (!(t1 == t2 || t3 != 1)) {
                throw new AssertionError(
                    "T1 saw a change from " + t1 + " to " + t2 + " and then b == 1");
              }
            },
            "T1");
    Thread th2 =
        new Thread(
            () -> {
              synchronized (LOCK) {
                a = 1;
                b = 1;
                b = 0;
              }
            },
            "T2");
    th1.start();
    th2.start();
    th1.join();
    th2.join();
  }
}
