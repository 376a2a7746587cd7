package dev.weft.targets.jvm;

/**
 * Two threads that call a helper class first used inside them: a class whose instrumented bytes the
 * JVM rejects fails verification there, at its first use, not where it is defined.
 */
public final class RejectedHelper {
  private RejectedHelper() {}

  public static void main(String[] args) throws InterruptedException {
    int[] sums = new int[2];
    Thread a = new Thread(() -> sums[0] = Helper.sum(3));
    Thread b = new Thread(() -> sums[1] = Helper.sum(4));
    a.start();
    b.start();
    a.join();
    b.join();
    if (sums[0] != 6 || sums[1] != 10) {
      throw new AssertionError(sums[0] + " " + sums[1]);
    }
  }

  /** The class whose instrumentation tests break. */
  public static final class Helper {
    private Helper() {}

    static int sum(int n) {
      int s = 0;
      for (int i = 1; i <= n; i++) {
        s += i;
      }
      return s;
    }
  }
}
