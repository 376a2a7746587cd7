package dev.weft.examples.variables;

/**
 * Correct twin of {@link Figure2}: {@code T1} reads {@code a} twice inside one {@code synchronized
 * (LOCK)} block and {@code T2} increments {@code a} while holding the same lock.
 *
 * <p>Why it cannot fail: the increment (read and write) cannot interleave with the pair of reads,
 * which see either the value before or the value after the increment, both times. Each thread takes
 * a single lock once, so the program cannot deadlock.
 *
 * <p>{@code a} is reset at the start of {@code main} so that {@code main} can be called repeatedly
 * in one JVM.
 */
public final class Figure2Fixed {
  static final Object LOCK = new Object();
  static int a = 0;

  private Figure2Fixed() {}

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
              assert t1 == t2 : "T1's two reads of a differ: T2's a++ ran between them";
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
    th1.start();
    th2.start();
    th1.join();
    th2.join();
  }
}
