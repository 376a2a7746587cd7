package dev.weft.examples.variables;

/**
 * Correct twin of {@link Figure1}: {@code T2} joins {@code T1} before incrementing.
 *
 * <p>Why it cannot fail: {@code T1} is started before {@code T2} (joining a thread that has not
 * been started yet returns at once), so {@code T2}'s {@code a++} can only start after {@code T1}
 * has terminated, so {@code T1}'s read of {@code a} always happens before the only write to {@code
 * a} and sees the initial 0. No thread ever waits for {@code T2}, so there is no cycle and the
 * program always terminates.
 *
 * <p>{@code a} is reset at the start of {@code main} so that {@code main} can be called repeatedly
 * in one JVM.
 */
public final class Figure1Fixed {
  static int a = 0;

  private Figure1Fixed() {}

  public static void main(String[] args) throws InterruptedException {
    a = 0;
    Thread th1 =
        new Thread(
            () -> {
              assert a == 0 : "T1 saw a != 0: T2's a++ ran before T1's check";
            },
            "T1");
    Thread th2 =
        new Thread(
            () -> {
              join(th1);
              a++;
            },
            "T2");
    th1.start(); // before T2: joining a not-yet-started thread would return at once
    th2.start();
    th1.join();
    th2.join();
  }

  private static void join(Thread t) {
    try {
      t.join();
    } catch (InterruptedException e) {
      throw new RuntimeException(e);
    }
  }
}
