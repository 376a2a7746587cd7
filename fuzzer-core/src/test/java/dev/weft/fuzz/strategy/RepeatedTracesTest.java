package dev.weft.fuzz.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.fuzz.Harness;
import dev.weft.graph.GraphBudget;
import dev.weft.graph.TraceWindow;
import dev.weft.graph.mutation.LockOrderInversions;
import dev.weft.graph.segment.SegmentOptions;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.strategy.Pct;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.trace.EventKind;
import dev.weft.trace.Trace;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;
import java.util.function.IntToLongFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Fresh runs whose trace repeats an analysed one, up to where independent events fell, skip the
 * analysis and change nothing: the fingerprint separates every two traces whose analyses differ,
 * and a campaign makes the same decisions with the analyses skipped as with every run analysed.
 */
class RepeatedTracesTest {
  private static final long X = 1;
  private static final long Y = 2;
  private static final long FLAG = 3;
  private static final long THREAD_1 = 10;
  private static final long LOCK = 1_000;

  @ParameterizedTest
  @CsvSource({
    "dev.weft.examples.variables.Figure4Fixed, '', 300",
    "dev.weft.examples.bench.ThreadFan, 2 5, 300",
    "dev.weft.examples.juc.SpinHandoffFixed, '', 300",
    "dev.weft.examples.families.LockRing, '', 300",
    "dev.weft.examples.families.PoliteLockRing, '', 300",
    "dev.weft.examples.juc.MixedLockOrderDeadlock, '', 300",
    "dev.weft.examples.juc.ExecutorLostUpdateFixed, '', 2000",
    "dev.weft.examples.families.StealingDeque, '', 2000"
  })
  void skippingTheAnalysisOfRepeatedTracesChangesNoDecision(String main, String args, int runs)
      throws Exception {
    RunExecutor executor = example(main, args);
    SegmentStrategy skipping = strategy(executor, true);
    SegmentStrategy analysing = strategy(executor, false);
    for (int run = 1; run <= runs; run++) {
      RunResult a = executor.execute(skipping, run);
      RunResult b = executor.execute(analysing, run);
      assertThat(a.decisions()).as("run %d", run).containsExactly(b.decisions());
      assertThat(skipping.lastAnalysedRun()).isEqualTo(analysing.lastAnalysedRun());
      assertThat(skipping.lastRunNewKeys()).containsExactly(analysing.lastRunNewKeys());
    }
    System.out.println(
        main
            + " repeated "
            + skipping.stats().get("repeatedTraces")
            + " sched "
            + skipping.stats().get("scheduledRuns"));
    assertThat(skipping.stats().get("repeatedTraces").longValue()).isGreaterThan(100);
    assertThat(analysing.stats().get("repeatedTraces").longValue()).isZero();
    assertThat(skipping.coveredKeys()).isEqualTo(analysing.coveredKeys());
    assertThat(skipping.stats().get("targetsTried"))
        .isEqualTo(analysing.stats().get("targetsTried"));
  }

  /**
   * A run with more lock-order inversions than one analysis plans: the same trace again, fresh, is
   * analysed again and plans the rest (skipping it as a repeat planned them never).
   */
  @Test
  void aRunWithMoreInversionsThanOneAnalysisPlansIsAnalysedAgain() {
    int inversions = SegmentStrategy.MAX_DEADLOCK_PLANS + 2;
    Trace t = new Trace();
    for (int k = 0; k < inversions; k++) {
      nest(t, 1, 100 + k, LOCK + k, 200 + k, LOCK + 50 + k);
    }
    for (int k = 0; k < inversions; k++) {
      nest(t, 2, 300 + k, LOCK + 50 + k, 400 + k, LOCK + k);
    }
    RunResult inverting = run(t, List.of("main", "a", "b"));
    SegmentStrategy skipping = synthetic(true);
    SegmentStrategy analysing = synthetic(false);
    // the inversions come in fresh runs only, so that no planned run analyses them between
    feed(skipping, analysing, 200, r -> inverting);
    assertThat(analysing.stats().get("deadlockPlans").longValue()).isEqualTo(inversions);
    assertThat(skipping.stats().get("deadlockPlans"))
        .isEqualTo(analysing.stats().get("deadlockPlans"));
    assertThat(skipping.stats().get("repeatedTraces").longValue()).isGreaterThan(100);
  }

  /**
   * A reader spinning on a flag past the sixteen edges of a shape that start pairs, with the write
   * of another location before the flag's write landing among its reads or after them: the same
   * order on each location, but one more key where the other write lands early. Where not every
   * edge started pairs, a run with each location's order of one analysed is analysed all the same.
   */
  @Test
  void aRunWhoseEdgesDidNotAllStartPairsIsKnownByItsWholeOrderOnly() {
    RunResult late = spinning(32);
    RunResult early = spinning(18);
    assertThat(RepeatedTraces.fingerprint(early).perLocation())
        .isEqualTo(RepeatedTraces.fingerprint(late).perLocation());
    SegmentStrategy skipping = synthetic(true);
    SegmentStrategy analysing = synthetic(false);
    feed(skipping, analysing, 100, r -> r <= 50 ? late : early);
    assertThat(skipping.stats().get("repeatedTraces").longValue()).isGreaterThan(20);
    assertThat(skipping.coveredKeys()).isEqualTo(analysing.coveredKeys());
  }

  /**
   * Thread 1 reads a flag 33 times, then a datum; thread 2 writes the datum after the reader's
   * {@code before}-th read, then the flag after its 32nd.
   */
  private static RunResult spinning(int before) {
    Trace t = new Trace();
    t.append(1, EventKind.THREAD_BEGIN, 0, 0);
    for (int i = 0; i < 32; i++) {
      if (i == before) {
        t.append(2, EventKind.THREAD_BEGIN, 0, 0);
        t.append(2, EventKind.WRITE, 1, X);
      }
      t.append(1, EventKind.READ, 3, FLAG);
    }
    if (before == 32) {
      t.append(2, EventKind.THREAD_BEGIN, 0, 0);
      t.append(2, EventKind.WRITE, 1, X);
    }
    t.append(2, EventKind.WRITE, 2, FLAG);
    t.append(1, EventKind.READ, 3, FLAG);
    t.append(1, EventKind.READ, 4, X);
    return run(t, List.of("main", "reader", "writer"));
  }

  @Test
  void whereReadsOfAnUnwrittenLocationAndThreadEventsFallDoesNotChangeTheFingerprint() {
    Trace one = new Trace();
    one.append(0, EventKind.THREAD_START, 9, THREAD_1);
    one.append(1, EventKind.THREAD_BEGIN, 0, 0);
    one.append(1, EventKind.READ, 1, FLAG);
    one.append(0, EventKind.READ, 2, FLAG);
    one.append(0, EventKind.WRITE, 3, X);
    one.append(1, EventKind.READ, 4, X);
    one.addCausalEdge(0, 1);
    Trace other = new Trace();
    other.append(0, EventKind.THREAD_START, 9, THREAD_1);
    other.append(0, EventKind.READ, 2, FLAG);
    other.append(1, EventKind.THREAD_BEGIN, 0, 0);
    other.append(0, EventKind.WRITE, 3, X);
    other.append(1, EventKind.READ, 1, FLAG);
    other.append(1, EventKind.READ, 4, X);
    other.addCausalEdge(0, 2);
    assertThat(RepeatedTraces.fingerprint(run(other)))
        .isEqualTo(RepeatedTraces.fingerprint(run(one)));
  }

  @Test
  void theOrderOfEventsOnWrittenLocationsChangesTheFingerprints() {
    // two reads of a written location: which thread read it last decides the nearest edges
    Trace readsOneWay = twoThreads(EventKind.READ, X, EventKind.READ, X);
    Trace readsOtherWay = new Trace();
    readsOtherWay.append(0, EventKind.WRITE, 1, X);
    readsOtherWay.append(1, EventKind.READ, 3, X);
    readsOtherWay.append(0, EventKind.READ, 2, X);
    RepeatedTraces.Fingerprint one = RepeatedTraces.fingerprint(run(readsOneWay));
    RepeatedTraces.Fingerprint other = RepeatedTraces.fingerprint(run(readsOtherWay));
    assertThat(other.ordered()).isNotEqualTo(one.ordered());
    assertThat(other.perLocation()).isNotEqualTo(one.perLocation());
    // writes of two different locations: which comes first decides the order of edges (which
    // matters only where not every edge starts pairs)
    Trace writesOneWay = twoThreads(EventKind.WRITE, X, EventKind.WRITE, Y);
    Trace writesOtherWay = new Trace();
    writesOtherWay.append(0, EventKind.WRITE, 1, X);
    writesOtherWay.append(1, EventKind.WRITE, 3, Y);
    writesOtherWay.append(0, EventKind.WRITE, 2, X);
    one = RepeatedTraces.fingerprint(run(writesOneWay));
    other = RepeatedTraces.fingerprint(run(writesOtherWay));
    assertThat(other.ordered()).isNotEqualTo(one.ordered());
    assertThat(other.perLocation()).isEqualTo(one.perLocation());
  }

  /**
   * Runs of programs with spinning readers, a lock, lock-order inversions, a shared counter and a
   * work-stealing deque, each reordered by carrying a few events past others of other threads
   * (causal edges kept): every reordering with the run's {@code ordered} fingerprint, or with its
   * {@code perLocation} one where every edge of the run started pairs, gives the run's segment
   * keys, reads-from keys, instance count and lock-order cycles, and many reorderings change both.
   * A fingerprint blind to an order the analysis reads fails here (the per-location one, taken for
   * every run, fails on the spinning reader: an edge of another location moving among the first
   * sixteen of a shape).
   */
  @ParameterizedTest
  @CsvSource({
    "dev.weft.examples.juc.SpinHandoffFixed, '', 0",
    "dev.weft.examples.bench.ThreadFan, 3 4, 0",
    "dev.weft.examples.deadlock.LockOrderDeadlock, '', 0",
    "dev.weft.examples.juc.BoundedBufferIf, '', 0",
    "dev.weft.examples.juc.ExecutorLostUpdateFixed, '', 20",
    "dev.weft.examples.families.StealingDeque, '', 20"
  })
  void reorderingsWithTheFingerprintOfARunGiveItsAnalysis(
      String main, String args, int apartAtLeast) throws Exception {
    RunExecutor executor = example(main, args);
    IntToLongFunction siteKeys = Strategies.siteKeys(executor.sites());
    WindowedAnalysis analysis =
        new WindowedAnalysis(siteKeys, SegmentOptions.DEFAULT, GraphBudget.DEFAULT);
    Random random = new Random(main.hashCode());
    int same = 0;
    int sameApart = 0;
    int different = 0;
    for (int r = 0; r < 30; r++) {
      RunResult run = executor.execute(r % 2 == 0 ? new RandomWalk(r) : new Pct(3, r), r);
      WindowedAnalysis.Result result = analysis.analyse(run, whole(run));
      String expected = learnt(result);
      boolean orderFree = result.segments().everyEdgeStarts() && !result.segments().truncated();
      RepeatedTraces.Fingerprint fingerprint = RepeatedTraces.fingerprint(run);
      for (int v = 0; v < 20; v++) {
        RunResult reordered = reordered(run, random, 1 + random.nextInt(4));
        RepeatedTraces.Fingerprint f = RepeatedTraces.fingerprint(reordered);
        boolean ordered = f.ordered() == fingerprint.ordered();
        boolean apart = orderFree && f.perLocation() == fingerprint.perLocation();
        if (ordered || apart) {
          assertThat(learnt(analysis.analyse(reordered, whole(reordered))))
              .as("run %d, reordering %d", r, v)
              .isEqualTo(expected);
        }
        same += ordered ? 1 : 0;
        sameApart += !ordered && apart ? 1 : 0;
        different += !ordered && !apart ? 1 : 0;
      }
    }
    assertThat(same).isGreaterThan(20);
    assertThat(sameApart).isGreaterThanOrEqualTo(apartAtLeast);
    assertThat(different).isGreaterThan(20);
  }

  private static TraceWindow whole(RunResult run) {
    return TraceWindow.whole(run.trace().size());
  }

  /** What the strategy learns from a run's analysis, as sets: keys, instances, cycles. */
  private static String learnt(WindowedAnalysis.Result result) {
    long[] segments = result.segments().keys().clone();
    Arrays.sort(segments);
    long[] readsFrom = result.readsFromKeys().keys().clone();
    Arrays.sort(readsFrom);
    LongArrayList cycles = new LongArrayList();
    LockOrderInversions.plan(result.graph(), cycles::add, Integer.MAX_VALUE);
    long[] inversions = cycles.toLongArray();
    Arrays.sort(inversions);
    return Arrays.toString(segments)
        + " rf "
        + Arrays.toString(readsFrom)
        + " instances "
        + result.segments().instances()
        + " window "
        + result.segments().window()
        + " cycles "
        + Arrays.toString(inversions);
  }

  /**
   * {@code run} with {@code moves} random events each carried some places earlier or later, past
   * events of other threads that are not at the other end of a causal edge with it.
   */
  private static RunResult reordered(RunResult run, Random random, int moves) {
    Trace t = run.trace();
    int n = t.size();
    LongOpenHashSet causal = new LongOpenHashSet();
    for (int c = 0; c < t.causalEdgeCount(); c++) {
      causal.add((long) t.causalEdgeSource(c) << 32 | t.causalEdgeTarget(c));
    }
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    for (int m = 0; m < moves && n > 1; m++) {
      // one event carried up to 30 places one way, as far as the threads and edges allow
      int i = random.nextInt(n - 1);
      int step = random.nextBoolean() ? 1 : -1;
      for (int k = 0; k < 1 + random.nextInt(30) && i + step >= 0 && i + step < n; k++) {
        int earlier = step > 0 ? order[i] : order[i - 1];
        int later = step > 0 ? order[i + 1] : order[i];
        if (t.thread(earlier) == t.thread(later) || causal.contains((long) earlier << 32 | later)) {
          break;
        }
        order[i] = order[i + step];
        order[i + step] = step > 0 ? earlier : later;
        i += step;
      }
    }
    Trace copy = new Trace();
    int[] at = new int[n];
    for (int i = 0; i < n; i++) {
      int e = order[i];
      at[e] = copy.append(t.thread(e), t.kind(e), t.site(e), t.location(e));
    }
    for (int c = 0; c < t.causalEdgeCount(); c++) {
      copy.addCausalEdge(at[t.causalEdgeSource(c)], at[t.causalEdgeTarget(c)]);
    }
    return new RunResult(
        run.outcome(),
        run.failures(),
        run.races(),
        copy,
        run.decisions(),
        run.threadNames(),
        run.steps(),
        run.nanos(),
        run.diagnostic());
  }

  /** Thread 0 writes X, then does {@code first}; thread 1 then does {@code second}. */
  private static Trace twoThreads(
      EventKind first, long firstLocation, EventKind second, long secondLocation) {
    Trace t = new Trace();
    t.append(0, EventKind.WRITE, 1, X);
    t.append(0, first, 2, firstLocation);
    t.append(1, second, 3, secondLocation);
    return t;
  }

  private static RunResult run(Trace trace) {
    return run(trace, List.of("main", "worker"));
  }

  private static RunResult run(Trace trace, List<String> threadNames) {
    return new RunResult(
        RunResult.Outcome.PASSED,
        List.of(),
        List.of(),
        trace,
        new int[0],
        threadNames,
        trace.size(),
        0,
        null);
  }

  /** An executor of the bundled example {@code main} with space-separated {@code args}. */
  private static RunExecutor example(String main, String args) throws Exception {
    return Harness.executor(
        Harness.examplesPath(),
        TargetSpec.main(main, args.isEmpty() ? List.of() : List.of(args.split(" "))),
        RunBudget.DEFAULT);
  }

  /**
   * Runs both strategies {@code runs} times, each fresh run giving {@code fresh} of its number and
   * each planned run a plain trace of two accesses (made-up runs follow no plan); then learns from
   * the last.
   */
  private static void feed(
      SegmentStrategy skipping, SegmentStrategy analysing, int runs, IntFunction<RunResult> fresh) {
    Trace plain = new Trace();
    plain.append(0, EventKind.WRITE, 1, X);
    plain.append(1, EventKind.READ, 2, X);
    RunResult planned = run(plain, List.of("main", "a"));
    for (int r = 1; r <= runs; r++) {
      for (SegmentStrategy s : List.of(skipping, analysing)) {
        long before = s.stats().get("scheduledRuns").longValue();
        s.beginRun(r);
        s.endRun(s.stats().get("scheduledRuns").longValue() > before ? planned : fresh.apply(r));
      }
    }
    skipping.finishAnalysis();
    analysing.finishAnalysis();
  }

  /** Thread {@code thread} holds {@code outer} while it takes {@code inner}. */
  private static void nest(
      Trace t, int thread, int outerSite, long outer, int innerSite, long inner) {
    t.append(thread, EventKind.MONITOR_ENTER, outerSite, outer);
    t.append(thread, EventKind.MONITOR_ENTER, innerSite, inner);
    t.append(thread, EventKind.MONITOR_EXIT, innerSite + 1000, inner);
    t.append(thread, EventKind.MONITOR_EXIT, outerSite + 1000, outer);
  }

  /** A strategy fed made-up runs: site ids are their own keys, analyses inline. */
  private static SegmentStrategy synthetic(boolean skip) {
    SegmentStrategy s =
        new SegmentStrategy(site -> site, 3, 7, SegmentOptions.DEFAULT, GraphBudget.DEFAULT, false);
    s.skipRepeatedTraces(skip);
    return s;
  }

  private static SegmentStrategy strategy(RunExecutor executor, boolean skip) {
    SegmentStrategy s =
        new SegmentStrategy(
            Strategies.siteKeys(executor.sites()),
            3,
            7,
            SegmentOptions.DEFAULT,
            GraphBudget.DEFAULT);
    s.skipRepeatedTraces(skip);
    return s;
  }
}
