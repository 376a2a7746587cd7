package dev.weft.fuzz.strategy;

import dev.weft.graph.GraphBuilder;
import dev.weft.graph.InterleavingGraph;
import dev.weft.graph.mutation.HarmoniousSelection;
import dev.weft.graph.mutation.ImaginarySegment;
import dev.weft.graph.mutation.InterleavingMutation;
import dev.weft.graph.mutation.PlannedSchedule;
import dev.weft.graph.segment.Coverage;
import dev.weft.graph.segment.SegmentEnumerator;
import dev.weft.graph.segment.SegmentOptions;
import dev.weft.graph.segment.Segments;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.SchedulingPoint;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.strategy.Pct;
import dev.weft.runtime.strategy.RandomWalk;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.IntToLongFunction;

/**
 * Segment-guided interleaving mutation (seed 002), the feedback loop around {@code graph/}.
 *
 * <ol>
 *   <li>Every run's trace becomes an interleaving graph; its segment keys are added to coverage.
 *   <li>A run that brought new keys is mutated: each of its segments with one or both edges flipped
 *       gives imaginary segments; those neither covered nor targeted before are packed into
 *       schedules by harmonious selection and queued.
 *   <li>Queued schedules run first, followed by {@link ScheduleFollower}. A target is realised when
 *       the run's keys contain it. Missed targets of a schedule are planned again, split in two
 *       halves (fewer simultaneous flips, less divergence), up to {@value #MAX_RETRIES} times; then
 *       they are dropped.
 *   <li>When nothing is queued, a fresh run comes from PCT and random walk in turn; the very first
 *       run is non-preemptive.
 * </ol>
 *
 * Everything is in memory; a key is targeted at most once per campaign (plus its retries).
 */
public final class SegmentStrategy implements Strategy {
  static final int MAX_RETRIES = 2;
  static final int MAX_QUEUED = 2_000;
  static final int SCHEDULES_PER_ROUND = 32;

  /**
   * Events in queued schedules at most (about 4 bytes each, plus the graphs they refer to): runs of
   * 10^5 events and more must not let the queue eat the heap. Mutation waits while it is full.
   */
  static final long MAX_QUEUED_EVENTS = 10_000_000;

  private final IntToLongFunction siteKeys;
  private final SegmentEnumerator enumerator;
  private final InterleavingMutation mutation;
  private final Coverage coverage = new Coverage();
  private final LongOpenHashSet targeted = new LongOpenHashSet();
  private final ArrayDeque<Planned> queue = new ArrayDeque<>();
  private final Pct pct;
  private final RandomWalk randomWalk;
  private Strategy current;
  private Planned currentPlan;
  private long freshRuns;
  private long scheduledRuns;
  private long targetsTried;
  private long targetsRealised;
  private long infeasible;
  private int queuedTargets;
  private long queuedEvents;

  /** A queued schedule and how often its targets have been retried. */
  private record Planned(PlannedSchedule plan, int retries) {}

  /**
   * @param siteKeys stable key of a trace site id
   * @param depth PCT depth for fresh runs
   */
  public SegmentStrategy(IntToLongFunction siteKeys, int depth, long seed, SegmentOptions options) {
    this.siteKeys = siteKeys;
    this.enumerator = new SegmentEnumerator(options);
    this.mutation = new InterleavingMutation(new Random(seed), SCHEDULES_PER_ROUND);
    this.pct = new Pct(depth, seed ^ 0x5EED);
    this.randomWalk = new RandomWalk(seed ^ 0xFACE);
  }

  @Override
  public void beginRun(long runNumber) {
    currentPlan = queue.poll();
    if (currentPlan != null) {
      queuedTargets -= currentPlan.plan().targets().size();
      queuedEvents -= currentPlan.plan().schedule().length();
      current = new ScheduleFollower(currentPlan.plan().schedule());
      scheduledRuns++;
    } else if (freshRuns++ == 0) {
      current = new ScheduleFollower(null);
    } else {
      current = freshRuns % 2 == 0 ? pct : randomWalk;
    }
    current.beginRun(runNumber);
  }

  @Override
  public int choose(SchedulingPoint point) {
    return current.choose(point);
  }

  @Override
  public void endRun(RunResult result) {
    current.endRun(result);
    if (current != pct) {
      pct.endRun(result);
    }
    if (result.outcome() != RunResult.Outcome.PASSED
        && result.outcome() != RunResult.Outcome.FAILED) {
      return;
    }
    InterleavingGraph graph = GraphBuilder.build(result.trace(), result.threadNames(), siteKeys);
    Segments segments = enumerator.enumerate(graph);
    int newKeys = coverage.addAll(segments);
    if (currentPlan != null) {
      checkTargets(segments);
    }
    if (newKeys > 0 && queue.size() < MAX_QUEUED && queuedEvents < MAX_QUEUED_EVENTS) {
      HarmoniousSelection.Plan plan =
          mutation.mutate(graph, segments, k -> !coverage.contains(k) && !targeted.contains(k));
      for (ImaginarySegment s : plan.infeasible()) {
        targeted.add(s.key());
      }
      infeasible += plan.infeasible().size();
      enqueue(plan.schedules(), 0);
    }
  }

  private void checkTargets(Segments segments) {
    LongOpenHashSet keys = new LongOpenHashSet(segments.keys());
    List<ImaginarySegment> missed = new ArrayList<>();
    for (ImaginarySegment target : currentPlan.plan().targets()) {
      targetsTried++;
      if (keys.contains(target.key())) {
        targetsRealised++;
      } else if (!coverage.contains(target.key())) {
        missed.add(target);
      }
    }
    if (missed.size() > 1 && currentPlan.retries() < MAX_RETRIES) {
      int half = missed.size() / 2;
      for (List<ImaginarySegment> part :
          List.of(missed.subList(0, half), missed.subList(half, missed.size()))) {
        HarmoniousSelection.Plan plan = mutation.replan(currentPlan.plan().source(), part);
        enqueue(plan.schedules(), currentPlan.retries() + 1);
      }
    }
  }

  private void enqueue(List<PlannedSchedule> schedules, int retries) {
    for (PlannedSchedule p : schedules) {
      for (ImaginarySegment s : p.targets()) {
        targeted.add(s.key());
      }
      queuedTargets += p.targets().size();
      queuedEvents += p.schedule().length();
      queue.add(new Planned(p, retries));
    }
  }

  /** Segment keys covered so far. */
  public int coveredKeys() {
    return coverage.size();
  }

  /** Imaginary segments in queued schedules. */
  public int pendingTargets() {
    return queuedTargets;
  }

  public long scheduledRuns() {
    return scheduledRuns;
  }

  @Override
  public Map<String, Number> stats() {
    Map<String, Number> out = new LinkedHashMap<>();
    out.put("segmentKeys", coveredKeys());
    out.put("pendingTargets", pendingTargets());
    out.put("scheduledRuns", scheduledRuns);
    out.put("targetsTried", targetsTried);
    out.put("targetsRealised", targetsRealised);
    out.put("infeasibleTargets", infeasible);
    return out;
  }

  @Override
  public String status() {
    return String.format(
        "segments %,d  pending %,d  realised %s",
        coveredKeys(),
        pendingTargets(),
        targetsTried == 0
            ? "-"
            : String.format("%.0f%% of %,d", 100.0 * targetsRealised / targetsTried, targetsTried));
  }

  @Override
  public String describe() {
    return "segment(fresh runs: " + pct.describe() + ", random)";
  }
}
