package dev.weft.targets.fail.timer;

import static dev.weft.targets.Checks.check;

import java.util.Timer;
import java.util.TimerTask;
import java.util.concurrent.CountDownLatch;

/** Bugs around {@code java.util.Timer}: a task and main race, and a task that throws. */
public final class TimerBugs {
  private TimerBugs() {}

  static int hits;

  /** Bug: a timer task and main update a plain field. */
  public static void lostUpdateBetweenTaskAndMain() throws InterruptedException {
    hits = 0;
    Timer timer = new Timer();
    CountDownLatch done = new CountDownLatch(1);
    timer.schedule(
        new TimerTask() {
          @Override
          public void run() {
            hits++;
            done.countDown();
          }
        },
        0);
    hits++;
    done.await();
    timer.cancel();
    check(hits == 2, "lost update: " + hits);
  }

  /**
   * Bug: a task throws. The exception is uncaught in the timer's thread, which ends, and the timer
   * refuses every later task.
   */
  public static void taskThrows() throws InterruptedException {
    Timer timer = new Timer();
    timer.schedule(
        new TimerTask() {
          @Override
          public void run() {
            throw new IllegalArgumentException("bad tick");
          }
        },
        10);
    while (true) {
      try {
        timer.schedule(
            new TimerTask() {
              @Override
              public void run() {}
            },
            3_600_000);
      } catch (IllegalStateException e) {
        check("Timer already cancelled.".equals(e.getMessage()), "refused with " + e);
        return;
      }
      Thread.sleep(10);
    }
  }
}
