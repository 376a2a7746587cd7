package dev.weft.targets.fail.phaser;

import java.util.concurrent.Phaser;

/**
 * A misuse of {@code Phaser} that only some interleavings expose: Weft's model must leave those
 * interleavings reachable.
 */
public final class PhaserBugs {
  private PhaserBugs() {}

  /** Reads the other party's part after {@code arrive()}, which does not wait for it. */
  public static void readAfterArriveWithoutWaiting() throws InterruptedException {
    Phaser phaser = new Phaser(2);
    int[] parts = new int[2];
    Thread other =
        new Thread(
            () -> {
              parts[1] = 2;
              phaser.arriveAndAwaitAdvance();
            });
    other.start();
    parts[0] = 1;
    phaser.arrive(); // should be arriveAndAwaitAdvance()
    int sum = parts[0] + parts[1];
    if (sum != 3) {
      throw new AssertionError("read the sum before the other party's part: " + sum);
    }
    other.join();
  }
}
