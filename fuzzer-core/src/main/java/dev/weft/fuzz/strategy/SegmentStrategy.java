package dev.weft.fuzz.strategy;

import dev.weft.graph.GraphBudget;
import dev.weft.graph.InterleavingGraph;
import dev.weft.graph.mutation.HarmoniousSelection;
import dev.weft.graph.mutation.InterleavingMutation;
import dev.weft.graph.mutation.LockOrderInversions;
import dev.weft.graph.mutation.PlanTarget;
import dev.weft.graph.mutation.PlannedSchedule;
import dev.weft.graph.mutation.ReadsFromMutation;
import dev.weft.graph.mutation.ReadsFromTarget;
import dev.weft.graph.mutation.Schedule;
import dev.weft.graph.readsfrom.ReadsFromKeys;
import dev.weft.graph.segment.Coverage;
import dev.weft.graph.segment.SegmentOptions;
import dev.weft.graph.segment.Segments;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.SchedulingPoint;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.strategy.PartialOrderSampling;
import dev.weft.runtime.strategy.Pct;
import dev.weft.runtime.strategy.Pctvb;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.runtime.strategy.ReplayStrategy;
import dev.weft.runtime.strategy.Surw;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.IntToLongFunction;
import java.util.function.LongPredicate;

/**
 * Segment-guided interleaving mutation (seed 002), the feedback loop around {@code graph/}.
 *
 * <ol>
 *   <li>Every run's trace becomes an interleaving graph; its segment keys are added to coverage.
 *   <li>A run that brought new keys is mutated: each of its segments with one or both edges flipped
 *       gives imaginary segments; those neither covered nor targeted before are packed into
 *       schedules by harmonious selection and queued.
 *   <li>Queued schedules run first, followed by {@link ScheduleFollower}, alternately from the
 *       newest round and the oldest (see {@link ScheduleQueue}). A target is realised when the
 *       run's keys contain it. A target its schedule missed is wanted again: a later run that
 *       imagines it plans it on that run's graph, which is where the program went when the plan
 *       diverged (planning it again on the old graph mostly diverges again); a key is planned at
 *       most {@value #MAX_ATTEMPTS} times.
 *   <li>When nothing is queued, a corpus entry offered as a seed ({@link #offerSeed}) is run again
 *       and planned from whatever keys it yields: a resumed session goes on from its corpus, and a
 *       worker from the entries of the others.
 *   <li>A run in which two threads took two monitors in opposite orders, at different times, gets a
 *       schedule that makes them hold one each ({@link LockOrderInversions}), queued before all
 *       others, once per inversion (by the sites of the four enters).
 *   <li>When nothing is queued or seeded, a fresh run comes from PCT, PCTVB, POS, SURW, random walk
 *       or a new combination of targets realised on one graph ({@link TargetCombination}),
 *       whichever has lately been adding new keys ({@link FreshRunPortfolio}); the very first run
 *       is non-preemptive.
 * </ol>
 *
 * Each run is analysed while the next one executes ({@link AnalysisWorker}) and learnt from when
 * that one ends: steps 1, 2 and 5 act one run late, the same on any number of processors. A fresh
 * run whose trace repeats one analysed before, up to how independent events interleave, is not
 * analysed again ({@link RepeatedTraces}). Everything is in memory; a key is targeted at most
 * {@value #MAX_ATTEMPTS} times per campaign.
 *
 * <p>Memory stays bounded on long runs: a run longer than the {@link GraphBudget} is analysed one
 * window at a time ({@link WindowedAnalysis}), and the queue holds at most {@value
 * #MAX_QUEUED_BYTES} bytes of schedules and the graphs they keep ({@link ScheduleQueue}). Should an
 * analysis still run out of memory, the run's plan and the queue are dropped (their targets may be
 * planned again), the budget is halved, the user is told, and the campaign goes on with fresh runs.
 */
public final class SegmentStrategy implements Strategy, CoverageFeedback, ScheduleOrigin {
  /**
   * Schedules a key may be planned into, at most. A second attempt from a later run's graph found
   * the work-stealing family's bug in 12-36 executions (median of 20 seeds) where two retries of
   * the missed halves on the old graph needed 21-83 ({@code scripts/bench-strategies}); a third
   * attempt bought nothing.
   */
  static final int MAX_ATTEMPTS = 2;

  static final int MAX_QUEUED = 2_000;
  static final int SCHEDULES_PER_ROUND = 32;

  /** Deadlock schedules planned from one run's lock-order inversions, at most. */
  static final int MAX_DEADLOCK_PLANS = 4;

  /**
   * Events up to which a run's analysis may start before the last run is learnt from (two analyses
   * and their runs are then in memory at once).
   */
  static final int EARLY_EVENTS = 20_000;

  /** Bytes the queue may keep alive: about three rounds planned on full 200,000-event windows. */
  static final long MAX_QUEUED_BYTES = 64L << 20;

  private final WindowedAnalysis analysis;
  private final AnalysisWorker worker;
  private final InterleavingMutation mutation;
  private final Coverage coverage = new Coverage();
  private final LongOpenHashSet targeted = new LongOpenHashSet();
  private final Long2IntOpenHashMap attempts = new Long2IntOpenHashMap();
  private final LongOpenHashSet inversionsPlanned = new LongOpenHashSet();
  private long deadlockPlans;
  private long readsFromTargets;
  private long readsFromRealised;
  private final ScheduleQueue queue = new ScheduleQueue(MAX_QUEUED, MAX_QUEUED_BYTES);
  private final List<String> notes = new ArrayList<>();
  private final Pct pct;
  private final FreshRunPortfolio portfolio;
  private final RealisedTargets realisedTargets = new RealisedTargets();
  private final RepeatedTraces repeated = new RepeatedTraces();
  private final IntToLongFunction siteKeys;

  private boolean skipRepeatedTraces = true;
  private long repeatedTraces;
  private FreshRunPortfolio.Arm currentArm;
  private final LongArrayList lastNewKeys = new LongArrayList();
  private final LongArrayList lastRealisedConflicts = new LongArrayList();
  private final ArrayDeque<Seed> seeds = new ArrayDeque<>();
  private boolean seedRun;
  private String seedEntry;

  /** A corpus entry offered to run again: its name (a parent to plans made from it), its run. */
  private record Seed(String entry, int[] decisions) {}

  /**
   * A run whose analysis is under way, with what learning from it needs: what made it (the arm to
   * reward, the plan whose targets to check, the seed to name as parent) and its trace fingerprint.
   */
  private record Finished(
      long run,
      RunResult result,
      FreshRunPortfolio.Arm arm,
      ScheduleQueue.Entry plan,
      boolean seedRun,
      String seedEntry,
      String origin,
      RepeatedTraces.Fingerprint fingerprint,
      boolean repeated) {}

  private Finished analysing;

  /** The run the last* answers describe: the one learnt from last, or -1. */
  private long lastAnalysedRun = -1;

  private String lastOrigin;
  private ScheduleQueue.Entry lastPlan;
  private String currentOrigin;
  private Strategy current;
  private ScheduleQueue.Entry currentPlan;
  private long freshRuns;
  private long scheduledRuns;
  private long targetsTried;
  private long targetsRealised;
  private long targetsMissed;
  private long infeasible;
  private long runNumber;
  private long windowedRuns;
  private int largestGraph;
  private long planningFailures;
  private boolean windowsNoted;
  private boolean minimumNoted;

  /**
   * @param siteKeys stable key of a trace site id
   * @param depth PCT depth for fresh runs
   */
  public SegmentStrategy(IntToLongFunction siteKeys, int depth, long seed, SegmentOptions options) {
    this(siteKeys, depth, seed, options, GraphBudget.DEFAULT);
  }

  /**
   * @param budget the most events of a run one graph covers; longer runs are analysed in windows
   */
  public SegmentStrategy(
      IntToLongFunction siteKeys,
      int depth,
      long seed,
      SegmentOptions options,
      GraphBudget budget) {
    this(siteKeys, depth, seed, options, budget, AnalysisWorker.BACKGROUND);
  }

  /**
   * @param analyseInBackground whether runs are analysed on a helper thread or inline (the same
   *     decisions either way: for tests and benchmarks)
   */
  public SegmentStrategy(
      IntToLongFunction siteKeys,
      int depth,
      long seed,
      SegmentOptions options,
      GraphBudget budget,
      boolean analyseInBackground) {
    this.siteKeys = siteKeys;
    this.analysis = new WindowedAnalysis(siteKeys, options, budget);
    this.worker = new AnalysisWorker(analysis, analyseInBackground);
    this.mutation = new InterleavingMutation(new Random(seed), SCHEDULES_PER_ROUND);
    this.pct = new Pct(depth, seed ^ 0x5EED);
    this.portfolio =
        new FreshRunPortfolio(
            List.of(
                new FreshRunPortfolio.Arm("pct", pct),
                new FreshRunPortfolio.Arm("pctvb", new Pctvb(depth, seed ^ 0x7B7B)),
                new FreshRunPortfolio.Arm("pos", new PartialOrderSampling(seed ^ 0x9057)),
                new FreshRunPortfolio.Arm("surw", new Surw(seed ^ 0x5C4F)),
                new FreshRunPortfolio.Arm("random", new RandomWalk(seed ^ 0xFACE)),
                combination(
                    "combine", new TargetCombination(realisedTargets, siteKeys, seed ^ 0xC0B1))),
            seed ^ 0xBA4D17);
  }

  private static FreshRunPortfolio.Arm combination(String name, TargetCombination combination) {
    return new FreshRunPortfolio.Arm(name, combination, combination::ready);
  }

  /** Whether the next run is fresh whatever is queued ({@link #nextRunFresh}). */
  private boolean freshNext;

  @Override
  public long nextRunSource() {
    ScheduleQueue.Entry next = freshNext ? null : queue.peek();
    return next == null ? -1 : next.sourceRun();
  }

  @Override
  public String nextRunEntry() {
    if (freshNext) {
      return null;
    }
    ScheduleQueue.Entry next = queue.peek();
    if (next != null) {
      return next.sourceEntry();
    }
    return seeds.isEmpty() ? null : seeds.peek().entry();
  }

  @Override
  public void nextRunFresh() {
    freshNext = true;
  }

  @Override
  public void beginRun(long runNumber) {
    this.runNumber = runNumber;
    boolean fresh = freshNext;
    freshNext = false;
    currentPlan = fresh ? null : queue.poll();
    currentArm = null;
    seedRun = false;
    seedEntry = null;
    if (currentPlan != null) {
      current = new ScheduleFollower(currentPlan.plan().schedule(), siteKeys);
      scheduledRuns++;
      currentOrigin = "planned";
    } else if (!fresh && !seeds.isEmpty()) {
      Seed seed = seeds.poll();
      current = new ReplayStrategy(seed.decisions());
      seedEntry = seed.entry();
      seedRun = true;
      currentOrigin = "corpus";
    } else if (freshRuns++ == 0) {
      current = new ScheduleFollower(null);
      currentOrigin = "first";
    } else {
      currentArm = portfolio.choose();
      current = currentArm.strategy;
      currentOrigin = currentArm.name;
    }
    current.beginRun(runNumber);
  }

  @Override
  public int choose(SchedulingPoint point) {
    return current.choose(point);
  }

  /**
   * Learns from the run before this one, whose analysis ran while this one executed ({@link
   * AnalysisWorker}), and starts analysing this one: each run is learnt from one run late, so the
   * run after next is the first a run's plans can shape. The last* answers describe the run learnt
   * from ({@link #lastAnalysedRun}); {@link #finishAnalysis} learns from the last run too.
   */
  @Override
  public void endRun(RunResult result) {
    current.endRun(result);
    if (current != pct) {
      pct.endRun(result);
    }
    boolean analysable =
        result.outcome() == RunResult.Outcome.PASSED
            || result.outcome() == RunResult.Outcome.FAILED;
    // only a run the budget takes whole repeats an analysis (the budget may have shrunk since).
    // The fingerprint is the run's alone: made before the last run's analysis is taken, it fills
    // time this thread would spend waiting for the helper to finish what only it can do
    RepeatedTraces.Fingerprint fingerprint =
        analysable && skipRepeatedTraces && analysis.budget().fits(result.trace().size())
            ? RepeatedTraces.fingerprint(result)
            : null;
    InterleavingGraph plannedOn = currentPlan == null ? null : currentPlan.plan().source();
    // where learning from the last run cannot change whether this one is analysed, its analysis
    // starts now: the helper begins it the moment it is done with the last, instead of idling
    // until this thread has taken and learnt from that one
    boolean early = analysable && startsEarly(result, fingerprint);
    long failures = planningFailures;
    if (early) {
      worker.start(result, plannedOn);
    }
    forgetLastRun();
    learnFromAnalysed();
    if (!analysable) {
      return;
    }
    if (fingerprint != null && !analysis.budget().fits(result.trace().size())) {
      fingerprint = null; // learning ran out of memory and halved the budget
    }
    boolean repeat = fingerprint != null && currentArm != null && repeated.seen(fingerprint);
    if (early && (repeat || planningFailures != failures)) {
      // learning halved the budget (the run may need a window now): analysed again below
      worker.dropQueued();
      early = false;
    }
    analysing =
        new Finished(
            runNumber,
            result,
            currentArm,
            currentPlan,
            seedRun,
            seedEntry,
            currentOrigin,
            fingerprint,
            repeat);
    if (!repeat && !early) {
      worker.start(result, plannedOn);
    }
  }

  /**
   * Whether {@code result}'s analysis may start before the last run is learnt from: on the helper
   * thread only (inline, an analysis is made when it is taken anyway), for runs the budget takes
   * whole (a windowed analysis turns the window rotation) and small enough that two analyses in
   * memory cost little, while the last run's analysis is under way, and where learning cannot make
   * the run a repeat: it adds only the last run's fingerprints, so a fresh run whose fingerprints
   * differ from both and that no analysed run shares now is analysed either way. A planned run is
   * never skipped.
   */
  private boolean startsEarly(RunResult result, RepeatedTraces.Fingerprint fingerprint) {
    int events = result.trace().size();
    if (!worker.background() || events > EARLY_EVENTS || !analysis.budget().fits(events)) {
      return false;
    }
    Finished last = analysing;
    if (last == null || last.repeated()) {
      return false; // no analysis under way: it starts as early after learning
    }
    if (fingerprint == null || currentArm == null) {
      return true;
    }
    RepeatedTraces.Fingerprint lastPrint = last.fingerprint();
    return !repeated.seen(fingerprint)
        && (lastPrint == null
            || (lastPrint.ordered() != fingerprint.ordered()
                && lastPrint.perLocation() != fingerprint.perLocation()));
  }

  /**
   * Learns from the last run now, without waiting for the next to end: before a session stops, so
   * that its keys are saved, or wherever each run must shape the next. The last* answers then
   * describe it.
   */
  @Override
  public void finishAnalysis() {
    forgetLastRun();
    learnFromAnalysed();
  }

  /** The run the last* answers (new keys, origin, parent, realised conflicts) describe, or -1. */
  @Override
  public long lastAnalysedRun() {
    return lastAnalysedRun;
  }

  private void forgetLastRun() {
    lastAnalysedRun = -1;
    lastOrigin = null;
    lastPlan = null;
    lastNewKeys.clear();
    lastRealisedConflicts.clear();
  }

  private void learnFromAnalysed() {
    Finished f = analysing;
    if (f == null) {
      return;
    }
    analysing = null;
    lastAnalysedRun = f.run();
    lastOrigin = f.origin();
    lastPlan = f.plan();
    if (f.repeated()) {
      // learnt when an analysis would have been, so that skipping it changes no decision
      repeatedTraces++;
      portfolio.reward(f.arm(), 0);
      return;
    }
    try {
      learn(f, worker.take());
    } catch (OutOfMemoryError e) {
      degrade(f);
    }
  }

  /** Whether fresh runs that repeat an analysed trace skip the analysis (for tests: off). */
  void skipRepeatedTraces(boolean skip) {
    skipRepeatedTraces = skip;
  }

  private void learn(Finished f, WindowedAnalysis.Result analysed) {
    InterleavingGraph graph = analysed.graph();
    largestGraph = Math.max(largestGraph, graph.vertexCount());
    if (analysed.windowed()) {
      windowedRuns++;
      if (!windowsNoted) {
        windowsNoted = true;
        note(
            String.format(
                "run %d has %,d events, more than the graph budget of %,d (--graph-events):"
                    + " segment planning analyses one window of %,d events per long run, a"
                    + " different one each time",
                f.run(),
                analysed.runEvents(),
                analysis.budget().maxEvents(),
                analysed.window().size()));
      }
    }
    Segments segments = analysed.segments();
    for (int i = 0; i < segments.size(); i++) {
      cover(segments.key(i));
    }
    ReadsFromKeys rfKeys = analysed.readsFromKeys();
    for (int i = 0; rfKeys != null && i < rfKeys.size(); i++) {
      cover(rfKeys.key(i));
    }
    int newKeys = lastNewKeys.size();
    if (f.arm() != null) {
      portfolio.reward(f.arm(), newKeys);
    }
    if (f.plan() != null) {
      checkTargets(f.plan(), graph, segments, rfKeys);
    }
    // a seed run that added no key is no entry of its own: plans from it name the seed
    String sourceEntry = newKeys == 0 ? f.seedEntry() : null;
    if ((newKeys > 0 || f.seedRun()) && queue.hasRoomFor(graph)) {
      LongPredicate wanted = k -> !coverage.contains(k) && !targeted.contains(k);
      List<ReadsFromTarget> reads =
          rfKeys == null
              ? List.of()
              : ReadsFromMutation.imagine(graph, analysed.readsFrom(), rfKeys, wanted);
      readsFromTargets += reads.size();
      HarmoniousSelection.Plan plan = mutation.mutate(graph, segments, reads, wanted);
      for (PlanTarget s : plan.infeasible()) {
        targeted.add(s.key());
      }
      infeasible += plan.infeasible().size();
      enqueue(plan.schedules(), f.run(), sourceEntry);
    }
    if (queue.hasRoomFor(graph)) {
      List<Schedule> deadlocks =
          LockOrderInversions.plan(graph, inversionsPlanned::add, MAX_DEADLOCK_PLANS);
      for (Schedule deadlock : deadlocks) {
        queue.addFirst(new PlannedSchedule(deadlock, List.of(), graph), f.run(), sourceEntry);
        deadlockPlans++;
      }
      if (f.fingerprint() != null
          && !analysed.windowed()
          && deadlocks.size() < MAX_DEADLOCK_PLANS) {
        // covered, and every inversion planned (a search that stopped at the most plans leaves
        // some for the next analysis of the same trace): the same trace again can change nothing
        repeated.analysed(f.fingerprint(), segments.everyEdgeStarts() && !segments.truncated());
      }
    }
  }

  private void cover(long key) {
    if (coverage.add(key)) {
      lastNewKeys.add(key);
    }
  }

  /**
   * Analysis or planning ran out of memory: what it was building is garbage now. Drops the queue
   * too (it may be what filled the heap), un-targets its targets so they can be planned again,
   * halves the budget, and says so; fresh runs carry the campaign on.
   */
  private void degrade(Finished f) {
    planningFailures++;
    int dropped = queue.size();
    for (PlanTarget s : queue.clear()) {
      targeted.remove(s.key());
    }
    boolean shrunk = analysis.shrink();
    if (shrunk || !minimumNoted) {
      minimumNoted |= !shrunk;
      note(
          String.format(
              "segment planning ran out of memory on run %d (%,d events): dropped its plan and"
                  + " %d queued schedule%s; %s",
              f.run(),
              f.result().trace().size(),
              dropped,
              dropped == 1 ? "" : "s",
              shrunk
                  ? String.format(
                      "later runs are analysed in windows of at most %,d events",
                      analysis.budget().maxEvents())
                  : "the budget is at its minimum; runs that exhaust memory go unplanned"));
    }
  }

  private void note(String note) {
    notes.add(note);
  }

  private void checkTargets(
      ScheduleQueue.Entry planned,
      InterleavingGraph graph,
      Segments segments,
      ReadsFromKeys rfKeys) {
    Long2IntOpenHashMap keys = new Long2IntOpenHashMap(segments.size());
    keys.defaultReturnValue(-1);
    for (int i = segments.size() - 1; i >= 0; i--) {
      keys.put(segments.key(i), i);
    }
    for (PlanTarget target : planned.plan().targets()) {
      targetsTried++;
      int realised = keys.get(target.key());
      if (realised >= 0) {
        targetsRealised++;
        realisedTargets.add(planned.plan().source(), target);
        realisedConflict(graph, segments.firstEdge(realised));
        realisedConflict(graph, segments.secondEdge(realised));
      } else if (rfKeys != null && rfKeys.contains(target.key())) {
        targetsRealised++;
        readsFromRealised++;
        realisedTargets.add(planned.plan().source(), target);
      } else if (!coverage.contains(target.key())) {
        targetsMissed++;
        if (attempts.get(target.key()) < MAX_ATTEMPTS) {
          targeted.remove(target.key());
        }
      }
    }
  }

  /** Notes the sites of a conflict edge of a realised segment, in the order the run put them. */
  private void realisedConflict(InterleavingGraph graph, int edge) {
    lastRealisedConflicts.add(graph.siteKey(graph.edgeSource(edge)));
    lastRealisedConflicts.add(graph.siteKey(graph.edgeTarget(edge)));
  }

  private void enqueue(List<PlannedSchedule> schedules, long sourceRun, String sourceEntry) {
    for (PlannedSchedule p : schedules) {
      for (PlanTarget s : p.targets()) {
        targeted.add(s.key());
        attempts.addTo(s.key(), 1);
      }
    }
    queue.addRound(schedules, sourceRun, sourceEntry);
  }

  @Override
  public void offerSeed(String entry, int[] decisions) {
    seeds.add(new Seed(entry, decisions.clone()));
  }

  @Override
  public void skipNonPreemptiveRun() {
    if (freshRuns == 0) {
      freshRuns = 1;
    }
  }

  @Override
  public int pendingSeeds() {
    return seeds.size();
  }

  @Override
  public void restoreCoverage(long[] keys) {
    for (long k : keys) {
      coverage.add(k);
    }
  }

  @Override
  public long[] lastRunNewKeys() {
    return lastNewKeys.toLongArray();
  }

  @Override
  public long[] lastRunRealisedConflicts() {
    return lastRealisedConflicts.toLongArray();
  }

  @Override
  public String lastRunOrigin() {
    return lastOrigin;
  }

  /** The keys the last analysed run's schedule targeted; empty when it followed none. */
  long[] lastRunTargets() {
    if (lastPlan == null) {
      return new long[0];
    }
    return lastPlan.plan().targets().stream().mapToLong(PlanTarget::key).toArray();
  }

  @Override
  public long lastRunParent() {
    return lastPlan == null ? -1 : lastPlan.sourceRun();
  }

  @Override
  public String lastRunParentEntry() {
    return lastPlan == null ? null : lastPlan.sourceEntry();
  }

  /** Segment keys covered so far. */
  @Override
  public int coveredKeys() {
    return coverage.size();
  }

  @Override
  public int pendingPlans() {
    return queue.size();
  }

  @Override
  public Double realisedPercent() {
    return targetsTried == 0 ? null : 100.0 * targetsRealised / targetsTried;
  }

  /** Imaginary segments in queued schedules. */
  public int pendingTargets() {
    return queue.targets();
  }

  public long scheduledRuns() {
    return scheduledRuns;
  }

  @Override
  public Map<String, Number> stats() {
    Map<String, Number> out = new LinkedHashMap<>();
    out.put("coverageKeys", coveredKeys());
    out.put("pendingTargets", pendingTargets());
    out.put("scheduledRuns", scheduledRuns);
    out.put("targetsTried", targetsTried);
    out.put("targetsRealised", targetsRealised);
    out.put("targetsMissed", targetsMissed);
    out.put("infeasibleTargets", infeasible);
    out.put("deadlockPlans", deadlockPlans);
    out.put("readsFromTargets", readsFromTargets);
    out.put("readsFromRealised", readsFromRealised);
    out.put("graphBudget", analysis.budget().maxEvents());
    out.put("largestGraph", largestGraph);
    out.put("windowedRuns", windowedRuns);
    out.put("planningOutOfMemory", planningFailures);
    out.put("repeatedTraces", repeatedTraces);
    out.putAll(portfolio.stats());
    return out;
  }

  @Override
  public List<String> takeNotes() {
    List<String> out = List.copyOf(notes);
    notes.clear();
    return out;
  }

  /**
   * In the words of the progress line: the coverage keys (interleaving segments and reads-from
   * pairs) seen, the planned interleavings not run yet, and how many of those run reached what they
   * were planned for.
   */
  @Override
  public String status() {
    return String.format(
        "coverage %,d keys, %,d planned interleavings waiting%s",
        coveredKeys(),
        pendingTargets(),
        targetsTried == 0
            ? ""
            : String.format(
                ", %.0f%% of %,d planned reached",
                100.0 * targetsRealised / targetsTried, targetsTried));
  }

  @Override
  public String describe() {
    StringBuilder arms = new StringBuilder();
    for (FreshRunPortfolio.Arm arm : portfolio.arms()) {
      arms.append(arms.length() == 0 ? "" : ", ").append(arm.strategy.describe());
    }
    return "segment(fresh runs chosen by yield among " + arms + ")";
  }
}
