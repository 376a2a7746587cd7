package dev.weft.fuzz.strategy;

import dev.weft.graph.mutation.HarmoniousSelection;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.SchedulingPoint;
import dev.weft.runtime.api.Strategy;
import java.util.Random;

/**
 * A fresh run of segment that combines orderings earlier plans realised one by one: it takes the
 * realised targets of one graph ({@link RealisedTargets}), packs them in a random order into one
 * schedule by harmonious selection (those that close a cycle with the ones before stay out), and
 * follows it. Each target is known to be reachable; which of them run together is what is new. This
 * reaches bugs that need more orderings at once than one key holds, after the plans that realised
 * each of them separately have run out; it is an arm of the {@link FreshRunPortfolio}, offered only
 * once some graph has two realised targets.
 */
final class TargetCombination implements Strategy {
  private final RealisedTargets realised;
  private final Random random;
  private Strategy follower;

  TargetCombination(RealisedTargets realised, long seed) {
    this.realised = realised;
    this.random = new Random(seed);
  }

  boolean ready() {
    return realised.combinable();
  }

  @Override
  public void beginRun(long runNumber) {
    RealisedTargets.Pick pick = realised.pick(random);
    follower = new ScheduleFollower(null);
    if (pick != null) {
      HarmoniousSelection.Plan plan =
          HarmoniousSelection.plan(pick.graph(), pick.targets(), random, 1);
      if (!plan.schedules().isEmpty()) {
        follower = new ScheduleFollower(plan.schedules().get(0).schedule());
      }
    }
    follower.beginRun(runNumber);
  }

  @Override
  public int choose(SchedulingPoint point) {
    return follower.choose(point);
  }

  @Override
  public void endRun(RunResult result) {
    follower.endRun(result);
  }

  @Override
  public String describe() {
    return "combine(realised targets of one graph, packed anew)";
  }
}
