package dev.weft.examples.juc;

import java.util.concurrent.CountDownLatch;

/**
 * Correct twin of {@link LatchCountedDownEarly}: each worker stores its result and only then counts
 * down, so the latch opens after every result is in place.
 */
public final class LatchCountedDownEarlyFixed {
  private static final int WORKERS = 3;

  public static void main(String[] args) throws InterruptedException {
    int[] parts = new int[WORKERS];
    CountDownLatch done = new CountDownLatch(WORKERS);
    for (int i = 0; i < WORKERS; i++) {
      int index = i;
      new Thread(
              () -> {
                parts[index] = (index + 1) * 10;
                done.countDown();
              },
              "worker-" + i)
          .start();
    }
    done.await();
    int total = 0;
    for (int part : parts) {
      total += part;
    }
    if (total != 60) {
      throw new AssertionError("total " + total + " after the latch opened, expected 60");
    }
  }
}
