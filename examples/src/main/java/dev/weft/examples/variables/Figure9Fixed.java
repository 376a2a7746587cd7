package dev.weft.examples.variables;

/**
 * Correct twin of {@link Figure9}: {@code T1} reads {@code a} twice inside one {@code synchronized
 * (LOCK)} block, and {@code T2} and {@code T3} increment {@code a} while holding the same lock.
 *
 * <p>Why it cannot fail: no increment can run between {@code T1}'s two reads, so {@code t1 == t2}
 * and {@code t2 <= t1 + 1} holds. Each thread takes a single lock once, so the program cannot
 * deadlock.
 *
 * <p>{@code a} is reset at the start of {@code main} so that {@code main} can be called repeatedly
 * in one JVM.
 */
public final class Figure9Fixed {
  static final Object LOCK = new Object();
  static int a = 0;

  private Figure9Fixed() {}

  public static void main(String[] args) throws InterruptedException {
    a = 0;
    Thread th1 =
        new Thread(
            () -> {
              int t1;
              int t2;
              synchronized (LOCK) {
                t1 = a;
                t2 = a;
              }
              if (!(t2 <= t1 + 1)) {
                throw new AssertionError(
                    "a grew from " + t1 + " to " + t2 + " between T1's two reads");
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
                a++;
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
