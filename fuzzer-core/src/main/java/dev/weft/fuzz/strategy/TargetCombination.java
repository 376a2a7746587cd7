package dev.weft.fuzz.strategy;

import dev.weft.graph.mutation.HarmoniousSelection;
import dev.weft.graph.mutation.PlanTarget;
import dev.weft.graph.mutation.PlannedSchedule;
import dev.weft.graph.mutation.Schedule;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.SchedulingPoint;
import dev.weft.runtime.api.Strategy;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.IntToLongFunction;

/**
 * A fresh run of segment that combines orderings earlier plans realised one by one: it takes the
 * realised targets of one graph ({@link RealisedTargets}), packs them in a random order into one
 * schedule by harmonious selection (those that close a cycle with the ones before stay out), and
 * follows it; a combination already run is not run again (see {@link RealisedTargets}). Each target
 * is known to be reachable; which of them run together is what is new. This reaches bugs that need
 * more orderings at once than one key holds, after the plans that realised each of them separately
 * have run out; it is an arm of the {@link FreshRunPortfolio}, offered only once some graph has two
 * realised targets.
 */
final class TargetCombination implements Strategy {
  private final RealisedTargets realised;
  private final IntToLongFunction siteKeys;
  private final Random random;
  private Strategy follower;

  TargetCombination(RealisedTargets realised, IntToLongFunction siteKeys, long seed) {
    this.realised = realised;
    this.siteKeys = siteKeys;
    this.random = new Random(seed);
  }

  boolean ready() {
    return realised.combinable();
  }

  /** Shuffles of one graph's targets tried for a new combination before it counts as exhausted. */
  static final int SHUFFLES = 8;

  @Override
  public void beginRun(long runNumber) {
    follower = new ScheduleFollower(combination(), siteKeys);
    follower.beginRun(runNumber);
  }

  /** A schedule of a combination not run before, or null (a plain run) when none is left. */
  private Schedule combination() {
    RealisedTargets.Pick pick;
    while ((pick = realised.pick(random)) != null) {
      for (int i = 0; i < SHUFFLES; i++) {
        List<PlanTarget> order = i == 0 ? pick.targets() : shuffled(pick.targets());
        HarmoniousSelection.Plan plan = HarmoniousSelection.plan(pick.graph(), order, random, 1);
        if (!plan.schedules().isEmpty()) {
          PlannedSchedule p = plan.schedules().get(0);
          if (realised.firstTry(pick.graph(), p.targets())) {
            return p.schedule();
          }
        }
      }
      realised.exhaust(pick.graph());
    }
    return null;
  }

  private List<PlanTarget> shuffled(List<PlanTarget> targets) {
    List<PlanTarget> out = new ArrayList<>(targets);
    Collections.shuffle(out, random);
    return out;
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
