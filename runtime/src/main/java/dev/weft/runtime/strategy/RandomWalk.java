package dev.weft.runtime.strategy;

import dev.weft.runtime.api.SchedulingPoint;
import dev.weft.runtime.api.Strategy;
import java.util.SplittableRandom;

/**
 * At every scheduling point, a uniformly random enabled thread. The baseline every other strategy
 * is compared against; it preempts far more often than bugs need, which is why it finds deep bugs
 * slowly (seed 000).
 */
public final class RandomWalk implements Strategy {
  private final SplittableRandom random;
  private final SpuriousWakeups spurious;

  public RandomWalk(long seed) {
    this.random = new SplittableRandom(seed);
    this.spurious = new SpuriousWakeups(seed);
  }

  @Override
  public int choose(SchedulingPoint point) {
    int woken = spurious.choose(point);
    if (woken >= 0) {
      return woken;
    }
    int n = point.enabledCount();
    return n == 1 ? 0 : random.nextInt(n);
  }

  @Override
  public String describe() {
    return "random";
  }
}
