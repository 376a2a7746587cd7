package dev.weft.examples.juc;

import java.util.concurrent.CountDownLatch;

/**
 * A {@link CountDownLatch} counted down before the work it announces is done.
 *
 * <p>Three workers each store a partial result and count down; {@code main} awaits the latch and
 * sums the results. Each worker counts down <em>before</em> storing its result. Failing
 * interleaving: the last worker counts down, {@code main} wakes and sums before that worker has
 * stored its part, and the total is short.
 */
public final class LatchCountedDownEarly {
  private static final int WORKERS = 3;

  public static void main(String[] args) throws InterruptedException {
    int[] parts = new int[WORKERS];
    CountDownLatch done = new CountDownLatch(WORKERS);
    for (int i = 0; i < WORKERS; i++) {
      int index = i;
      new Thread(
              () -> {
                int part = (index + 1) * 10;
                done.countDown();
                parts[index] = part;
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
