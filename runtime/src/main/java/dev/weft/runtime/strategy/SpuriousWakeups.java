package dev.weft.runtime.strategy;

import dev.weft.runtime.api.SchedulingPoint;
import java.util.SplittableRandom;

/**
 * When a search strategy wakes a waiting thread spuriously ({@link SchedulingPoint#spuriousCount}):
 * seldom, at one point in {@value #RARITY} of those that offer one, so that a program waiting
 * correctly in a loop spends few steps on them while one that waits under an {@code if} meets one
 * within a few runs. It draws from a stream of its own, so that a strategy makes the same choices
 * as before wherever no thread may wake so (a program without {@code wait}, {@code park} or {@code
 * await} runs as it always did).
 */
final class SpuriousWakeups {
  static final int RARITY = 4;

  private final SplittableRandom random;

  SpuriousWakeups(long seed) {
    this.random = new SplittableRandom(seed ^ 0x5B0E_0B5EL);
  }

  /** The position of a thread to wake spuriously at this point, or -1 for none. */
  int choose(SchedulingPoint point) {
    int count = point.spuriousCount();
    if (count == 0 || random.nextInt(RARITY) != 0) {
      return -1;
    }
    int i = count == 1 ? 0 : random.nextInt(count);
    return point.enabledCount() + point.heldBackCount() + i;
  }
}
