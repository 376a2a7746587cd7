package dev.weft.targets.cli;

import java.math.BigInteger;

/**
 * A correct program whose every 50th run, counted per JVM (in a system property, which outlives the
 * runs as a static field would not), starts a thread that computes inside the JDK for minutes: it
 * reaches no scheduling point, is deaf to interrupts, and cannot be stopped, so the JVM that runs
 * it should run nothing more of the target.
 */
public final class StuckNowAndThen {
  private static final String RUNS = "weft.test.stuckNowAndThen.runs";
  private static int counter;

  public static void main(String[] args) throws InterruptedException {
    int run = Integer.getInteger(RUNS, 0) + 1;
    System.setProperty(RUNS, Integer.toString(run));
    if (run % 50 == 0) {
      Thread stuck =
          new Thread(() -> BigInteger.valueOf(3).pow(Integer.MAX_VALUE / 4).bitLength(), "stuck");
      stuck.setDaemon(true);
      stuck.start();
      stuck.join();
      return;
    }
    Thread other = new Thread(StuckNowAndThen::count, "other");
    other.start();
    count();
    other.join();
  }

  private static synchronized void count() {
    counter++;
  }
}
