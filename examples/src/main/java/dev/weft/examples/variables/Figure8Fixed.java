package dev.weft.examples.variables;

/**
 * Correct twin of {@link Figure8}: {@code T1} and {@code T2} join {@code T3} before incrementing.
 *
 * <p>Why it cannot fail: {@code T3} is started before {@code T1} and {@code T2} (joining a thread
 * that has not been started yet returns at once), so both increments start only after {@code T3}
 * has terminated and {@code T3}'s single read of {@code a} happens before every write to {@code a}
 * and sees 0. {@code T3} waits for nobody and {@code T1}/{@code T2} only wait for {@code T3}, so
 * there is no cycle and the program always terminates. (The increments may still race with each
 * other; that is harmless because nothing checks {@code a} afterwards.)
 *
 * <p>{@code a} is reset at the start of {@code main} so that {@code main} can be called repeatedly
 * in one JVM.
 */
public final class Figure8Fixed {
  static int a = 0;

  private Figure8Fixed() {}

  public static void main(String[] args) throws InterruptedException {
    a = 0;
    Thread th3 =
        new Thread(
            () -> {
              if (a == 2) {
                throw new AssertionError("T3 saw a == 2: both increments ran before the check");
              }
            },
            "T3");
    Thread th1 =
        new Thread(
            () -> {
              join(th3);
              a++;
            },
            "T1");
    Thread th2 =
        new Thread(
            () -> {
              join(th3);
              a++;
            },
            "T2");
    th3.start(); // before T1/T2: joining a not-yet-started thread would return at once
    th1.start();
    th2.start();
    th1.join();
    th2.join();
    th3.join();
  }

  private static void join(Thread t) {
    try {
      t.join();
    } catch (InterruptedException e) {
      throw new RuntimeException(e);
    }
  }
}
