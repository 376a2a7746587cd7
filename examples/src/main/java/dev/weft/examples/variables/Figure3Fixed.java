package dev.weft.examples.variables;

/**
 * Correct twin of {@link Figure3}: {@code T1}'s two reads and {@code T2}'s two writes are each done
 * inside one {@code synchronized (LOCK)} block.
 *
 * <p>Why it cannot fail: the intermediate value {@code a = 1} is only visible while {@code T2}
 * holds the lock, and {@code T1} reads only while holding it; so {@code T1} reads 0 twice whether
 * it runs before or after {@code T2}'s block. Each thread takes a single lock once, so the program
 * cannot deadlock.
 *
 * <p>{@code a} is reset at the start of {@code main} so that {@code main} can be called repeatedly
 * in one JVM.
 */
public final class Figure3Fixed {
  static final Object LOCK = new Object();
  static int a = 0;

  private Figure3Fixed() {}

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
              if (t1 != t2) {
                throw new AssertionError("T1's two reads of a differ (" + t1 + " then " + t2 + ")");
              }
            },
            "T1");
    Thread th2 =
        new Thread(
            () -> {
              synchronized (LOCK) {
                a = 1;
                a = 0;
              }
            },
            "T2");
    th1.start();
    th2.start();
    th1.join();
    th2.join();
  }
}
