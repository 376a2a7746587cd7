package dev.weft.targets.pass.time;

import static dev.weft.targets.Checks.check;

import java.util.concurrent.TimeUnit;

/**
 * Virtual time: sleeps cost no real time but move {@code nanoTime} and {@code currentTimeMillis}.
 */
public final class Sleeps {
  private Sleeps() {}

  public static void sleepMovesTheClock() throws InterruptedException {
    long nanos = System.nanoTime();
    long millis = System.currentTimeMillis();
    Thread.sleep(2_000);
    TimeUnit.SECONDS.sleep(1);
    check(System.nanoTime() - nanos >= 3_000_000_000L, "nanoTime did not follow the sleeps");
    check(System.currentTimeMillis() - millis >= 3_000, "currentTimeMillis did not follow");
  }
}
