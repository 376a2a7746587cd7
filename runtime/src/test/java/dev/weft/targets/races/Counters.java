package dev.weft.targets.races;

import java.util.concurrent.CountDownLatch;

/** Plain and volatile counters, for the oracle's field mode. */
public class Counters {
  static int plain;
  static volatile int published;
  static int guarded;

  /** Two threads increment a plain field: a race on every run. */
  public static void plainIncrements() throws InterruptedException {
    Thread a = new Thread(() -> plain++);
    Thread b = new Thread(() -> plain++);
    a.start();
    b.start();
    a.join();
    b.join();
  }

  /**
   * A plain field written, then published through a volatile; the reader waits on a latch and reads
   * both. No race: the latch and the volatile order everything.
   */
  public static void volatileAndLatch() throws InterruptedException {
    CountDownLatch ready = new CountDownLatch(1);
    Thread writer =
        new Thread(
            () -> {
              guarded = 41;
              published = published + 1;
              ready.countDown();
            });
    Thread reader =
        new Thread(
            () -> {
              try {
                ready.await();
              } catch (InterruptedException e) {
                throw new IllegalStateException(e);
              }
              if (published == 1) {
                guarded++;
              }
            });
    writer.start();
    reader.start();
    writer.join();
    reader.join();
  }
}
