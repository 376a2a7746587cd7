package dev.weft.targets.fail.threads;

import java.util.concurrent.CountDownLatch;

/** A worker dies before it counts down; main waits for it for ever: two findings in one run. */
public class WorkerDiesMainWaits {
  static int parsed;

  public static void main(String[] args) throws InterruptedException {
    CountDownLatch ready = new CountDownLatch(1);
    Thread worker =
        new Thread(
            () -> {
              parsed = Integer.parseInt("not a number");
              ready.countDown();
            },
            "worker");
    worker.start();
    ready.await();
  }
}
