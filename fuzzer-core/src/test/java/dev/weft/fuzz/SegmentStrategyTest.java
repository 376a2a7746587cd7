package dev.weft.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.examples.Catalog;
import dev.weft.examples.Example;
import dev.weft.fuzz.strategy.SegmentStrategy;
import dev.weft.fuzz.strategy.Strategies;
import dev.weft.graph.GraphBudget;
import dev.weft.graph.segment.SegmentOptions;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.runtime.strategy.ReplayStrategy;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The segment strategy finds bugs from a non-failing first run within a number of executions that
 * does not depend on how long the threads run, and its findings replay.
 */
class SegmentStrategyTest {
  private static final int SEEDS = 3;

  static Stream<Example> buggy() {
    return Catalog.buggy().stream();
  }

  static Stream<Example> twins() {
    return Catalog.twins().stream();
  }

  private static SegmentStrategy strategy(RunExecutor executor, long seed) {
    return new SegmentStrategy(
        Strategies.siteKeys(executor.sites()), 3, seed, SegmentOptions.DEFAULT);
  }

  /** Executions until the first failure, or -1; the first run must pass when asked. */
  private static RunResult search(
      RunExecutor executor, SegmentStrategy strategy, int cap, boolean firstMustPass)
      throws Exception {
    for (int run = 1; run <= cap; run++) {
      RunResult r = executor.execute(strategy, run);
      assertThat(r.outcome())
          .as("run %d: %s", run, r.diagnostic())
          .isIn(RunResult.Outcome.PASSED, RunResult.Outcome.FAILED);
      if (run == 1 && firstMustPass) {
        assertThat(r.failed()).as("the non-preemptive first run fails: %s", r.failure()).isFalse();
      }
      if (r.failed()) {
        return r;
      }
    }
    return null;
  }

  /**
   * Two threads take two monitors in opposite orders; the non-preemptive first run passes, and the
   * schedule planned from its lock-order inversion is the deadlock: found at the third execution
   * (the second runs while the first is analysed).
   */
  @Test
  void plansTheDeadlockOfALockOrderInversionAtOnce() throws Exception {
    RunExecutor executor =
        Harness.executor(
            Harness.examplesPath(),
            TargetSpec.main("dev.weft.examples.deadlock.LockOrderDeadlock", List.of()),
            RunBudget.DEFAULT);
    for (long seed = 1; seed <= SEEDS; seed++) {
      SegmentStrategy segment = strategy(executor, seed);
      RunResult found = search(executor, segment, 3, true);
      assertThat(found).as("seed %d: no deadlock in 3 executions", seed).isNotNull();
      assertThat(found.failure().kind()).isEqualTo(FindingKind.DEADLOCK);
      assertThat(segment.stats().get("deadlockPlans").longValue()).isPositive();
    }
  }

  /** N threads around a ring of monitors: the cycle is planned as a whole, found at once. */
  @ParameterizedTest(name = "LockRing({0})")
  @ValueSource(ints = {3, 50})
  void plansTheDeadlockOfALockRingAtOnce(int threads) throws Exception {
    RunExecutor executor =
        Harness.executor(
            Harness.examplesPath(),
            TargetSpec.main(
                "dev.weft.examples.families.LockRing", List.of(Integer.toString(threads))),
            RunBudget.DEFAULT);
    SegmentStrategy segment = strategy(executor, 1);
    RunResult found = search(executor, segment, 3, true);
    assertThat(found).as("no deadlock in 3 executions").isNotNull();
    assertThat(found.failure().kind()).isEqualTo(FindingKind.DEADLOCK);
  }

  /**
   * The same ring of {@code ReentrantLock}s, each thread yielding before its first lock: yielding
   * threads are held back as polling, and the plan must choose them anyway (it did not, and the
   * 10-ring took 800-1,600 executions). The finding replays exactly.
   */
  @ParameterizedTest(name = "PoliteLockRing({0})")
  @ValueSource(ints = {3, 10})
  void plansTheDeadlockOfARingOfThreadsThatYieldFirst(int threads) throws Exception {
    RunExecutor executor =
        Harness.executor(
            Harness.examplesPath(),
            TargetSpec.main(
                "dev.weft.examples.families.PoliteLockRing", List.of(Integer.toString(threads))),
            RunBudget.DEFAULT);
    for (long seed = 1; seed <= SEEDS; seed++) {
      SegmentStrategy segment = strategy(executor, seed);
      RunResult found = search(executor, segment, 4, true);
      assertThat(found).as("seed %d: no deadlock in 4 executions", seed).isNotNull();
      assertThat(found.failure().kind()).isEqualTo(FindingKind.DEADLOCK);
      RunResult replayed = executor.execute(new ReplayStrategy(found.decisions()), 99);
      assertThat(replayed.failure()).isEqualTo(found.failure());
      assertThat(threadOrder(replayed)).containsExactly(threadOrder(found));
      assertThat(replayed.decisions()).containsExactly(found.decisions());
    }
  }

  private static int[] threadOrder(RunResult r) {
    int[] order = new int[r.trace().size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = r.trace().thread(i);
    }
    return order;
  }

  @ParameterizedTest(name = "FlagX({0},{0})")
  @ValueSource(ints = {10, 50, 200})
  void findsSeed000sBugInAFewExecutionsWhateverTheSize(int size) throws Exception {
    RunExecutor executor =
        Harness.executor(
            Harness.examplesPath(),
            TargetSpec.main(
                "dev.weft.examples.pct.FlagX",
                List.of(Integer.toString(size), Integer.toString(size))),
            RunBudget.DEFAULT);
    for (long seed = 1; seed <= SEEDS; seed++) {
      SegmentStrategy segment = strategy(executor, seed);
      RunResult found = search(executor, segment, 10, true);
      assertThat(found).as("seed %d: no bug in 10 executions", seed).isNotNull();
      assertThat(found.failure().message()).contains("NullPointerException");
      assertThat(segment.scheduledRuns()).as("found by a planned schedule").isPositive();
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "dev.weft.examples.atomicity.CircleRace",
        "dev.weft.examples.interference.BluetoothDriver"
      })
  void findsSeed003And004BugsFromANonFailingFirstRun(String mainClass) throws Exception {
    RunExecutor executor =
        Harness.executor(
            Harness.examplesPath(), TargetSpec.main(mainClass, List.of()), RunBudget.DEFAULT);
    for (long seed = 1; seed <= SEEDS; seed++) {
      RunResult found = search(executor, strategy(executor, seed), 300, true);
      assertThat(found).as("seed %d: no bug in 300 executions", seed).isNotNull();
    }
  }

  @Test
  void theFirstMutationRoundMovesTheWriteBetweenTheTwoReads() throws Exception {
    RunExecutor executor =
        Harness.executor(
            Harness.testTargetsPath(),
            TargetSpec.main("dev.weft.targets.fail.fields.DoubleRead", List.of()),
            RunBudget.DEFAULT);
    SegmentStrategy segment = strategy(executor, 5);
    RunResult first = executor.execute(segment, 1);
    assertThat(first.failed()).isFalse();
    segment.finishAnalysis();
    int planned = segment.pendingTargets();
    assertThat(planned).isPositive();
    // every schedule of the first round runs before any fresh run
    RunResult found = null;
    for (int run = 2; found == null && segment.pendingTargets() > 0; run++) {
      RunResult r = executor.execute(segment, run);
      if (r.failed()) {
        found = r;
      }
    }
    assertThat(found).as("no schedule of the first round failed").isNotNull();
    assertThat(found.failure().message()).contains("x changed between two reads: 0 1");
  }

  /**
   * A run of 40,000 events under a graph budget of 5,000: every graph stays within the budget, the
   * strategy says once that it works in windows, and a schedule planned on the last window (which
   * replays the 35,000 events before it as observed) puts the write between the two reads.
   */
  @Test
  void findsABugAtTheEndOfARunLongerThanTheGraphBudget() throws Exception {
    RunExecutor executor =
        Harness.executor(
            Harness.testTargetsPath(),
            TargetSpec.main("dev.weft.targets.fail.fields.LongRunDoubleRead", List.of("10000")),
            RunBudget.DEFAULT);
    SegmentStrategy segment =
        new SegmentStrategy(
            Strategies.siteKeys(executor.sites()),
            3,
            1,
            SegmentOptions.DEFAULT,
            new GraphBudget(5_000));
    RunResult found = null;
    List<String> notes = new java.util.ArrayList<>();
    long scheduledBefore = 0;
    for (int run = 1; run <= 100 && found == null; run++) {
      scheduledBefore = segment.scheduledRuns();
      RunResult r = executor.execute(segment, run);
      assertThat(r.trace().size()).isGreaterThan(40_000);
      notes.addAll(segment.takeNotes());
      if (r.failed()) {
        found = r;
      }
    }
    assertThat(found).as("no bug in 100 executions").isNotNull();
    assertThat(found.failure().message()).contains("x changed between two reads: 0 1");
    assertThat(segment.scheduledRuns())
        .as("found by a planned schedule")
        .isGreaterThan(scheduledBefore);
    assertThat(segment.stats().get("largestGraph").intValue()).isBetween(4_000, 5_000);
    assertThat(segment.stats().get("windowedRuns").longValue()).isPositive();
    assertThat(notes).hasSize(1);
    assertThat(notes.get(0))
        .containsPattern("run 1 has 40,0[0-9][0-9] events")
        .contains("graph budget of 5,000", "one window of 5,000 events");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("buggy")
  void findsEveryBundledBugAndTheFindingReplays(Example example) throws Exception {
    RunExecutor executor = Harness.forExample(example);
    RunResult found = search(executor, strategy(executor, 1), 2_000, false);
    assertThat(found).as("segment found no bug in %s", example).isNotNull();
    for (int i = 0; i < 10; i++) {
      RunResult replay = executor.execute(new ReplayStrategy(found.decisions()), i + 1);
      assertThat(replay.failed()).as("replay %d: %s", i, replay.outcome()).isTrue();
      assertThat(replay.failure().signature()).isEqualTo(found.failure().signature());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("twins")
  void correctTwinsGiveNoFinding(Example example) throws Exception {
    RunExecutor executor = Harness.forExample(example);
    SegmentStrategy segment = strategy(executor, 17);
    for (int run = 1; run <= 2_000; run++) {
      RunResult r = executor.execute(segment, run);
      assertThat(r.outcome())
          .as("%s run %d: %s %s", example, run, r.failure(), r.diagnostic())
          .isEqualTo(RunResult.Outcome.PASSED);
    }
    assertThat(segment.coveredKeys()).isPositive();
  }

  /**
   * A resumed session (coverage restored, nothing planned) goes on from its corpus: an offered seed
   * runs before any fresh run, replays the entry, and is planned from although it adds no key;
   * without the seed the same state plans nothing until a fresh run finds a new key.
   */
  @Test
  void anOfferedSeedRunsFirstAndIsPlannedFromThoughItAddsNoKey() throws Exception {
    Example flagx = buggy().filter(e -> e.id().equals("FlagX(10,10)")).findFirst().orElseThrow();
    RunExecutor executor = Harness.forExample(flagx);
    SegmentStrategy first = strategy(executor, 1);
    RunResult entry = executor.execute(first, 1);
    first.finishAnalysis();
    long[] keys = first.lastRunNewKeys();
    assertThat(keys).isNotEmpty();

    SegmentStrategy resumed = strategy(executor, 2);
    resumed.restoreCoverage(keys);
    resumed.offerSeed("w0-e1", entry.decisions());
    assertThat(resumed.pendingSeeds()).isEqualTo(1);
    RunResult again = executor.execute(resumed, 1);
    resumed.finishAnalysis();
    assertThat(resumed.lastRunOrigin()).isEqualTo("corpus");
    assertThat(again.decisions()).isEqualTo(entry.decisions());
    assertThat(resumed.lastRunNewKeys()).isEmpty();
    assertThat(resumed.pendingSeeds()).isZero();
    assertThat(resumed.pendingPlans()).isPositive();
    executor.execute(resumed, 2);
    resumed.finishAnalysis();
    assertThat(resumed.lastRunOrigin()).isEqualTo("planned");
    // the seed's run added no key, so it is no entry: the plan names the seed as its parent
    assertThat(resumed.lastRunParentEntry()).isEqualTo("w0-e1");

    SegmentStrategy unseeded = strategy(executor, 2);
    unseeded.restoreCoverage(keys);
    executor.execute(unseeded, 1);
    unseeded.finishAnalysis();
    assertThat(unseeded.lastRunOrigin()).isEqualTo("first");
    assertThat(unseeded.pendingPlans()).isZero();
  }
}
