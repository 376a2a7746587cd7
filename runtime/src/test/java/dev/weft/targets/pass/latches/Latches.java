package dev.weft.targets.pass.latches;

import static dev.weft.targets.Checks.check;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** {@code CountDownLatch}: a timed await on a closed latch times out; an open one lets through. */
public final class Latches {
  private Latches() {}

  public static void latchAwaitTimesOut() throws InterruptedException {
    CountDownLatch never = new CountDownLatch(1);
    check(!never.await(1, TimeUnit.SECONDS), "await returned true on a closed latch");
    CountDownLatch once = new CountDownLatch(1);
    Thread t = new Thread(once::countDown);
    t.start();
    once.await();
    check(once.getCount() == 0, "await returned before the count reached zero");
    t.join();
  }
}
