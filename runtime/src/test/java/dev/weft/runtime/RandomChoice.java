package dev.weft.runtime;

import dev.weft.runtime.api.SchedulingPoint;
import dev.weft.runtime.api.Strategy;
import java.util.SplittableRandom;

/** Uniform choice among enabled threads; the test-side stand-in for fuzzer-core's strategies. */
public final class RandomChoice implements Strategy {
  private final SplittableRandom random;

  public RandomChoice(long seed) {
    random = new SplittableRandom(seed);
  }

  @Override
  public int choose(SchedulingPoint point) {
    return point.enabledCount() == 1 ? 0 : random.nextInt(point.enabledCount());
  }

  @Override
  public String describe() {
    return "random";
  }
}
