package dev.weft.fuzz.strategy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.weft.fuzz.Harness;
import dev.weft.graph.GraphBudget;
import dev.weft.graph.segment.SegmentOptions;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.strategy.RandomWalk;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/**
 * The segment strategy learns from each run one run late, whether the analysis ran on the helper
 * thread while the next run executed or inline when it was taken: the same decisions, keys and
 * plans either way, and each run's keys reported once, with its number.
 */
class AnalysisWorkerTest {
  @Test
  void analysingOnAHelperThreadChangesNoDecision() throws Exception {
    RunExecutor executor = executor("dev.weft.examples.juc.ExecutorLostUpdate");
    SegmentStrategy background = strategy(executor, true);
    SegmentStrategy inline = strategy(executor, false);
    for (int run = 1; run <= 400; run++) {
      RunResult a = executor.execute(background, run);
      RunResult b = executor.execute(inline, run);
      assertThat(a.decisions()).as("run %d", run).containsExactly(b.decisions());
      assertThat(background.lastAnalysedRun()).isEqualTo(inline.lastAnalysedRun());
      assertThat(background.lastRunNewKeys()).containsExactly(inline.lastRunNewKeys());
      assertThat(background.lastRunOrigin()).isEqualTo(inline.lastRunOrigin());
    }
    assertThat(background.scheduledRuns()).isGreaterThan(20);
    assertThat(background.stats()).isEqualTo(inline.stats());
  }

  @Test
  void eachRunIsLearntFromWhenTheNextEndsOrWhenTheAnalysisIsFinished() throws Exception {
    RunExecutor executor = executor("dev.weft.examples.variables.Figure4Fixed");
    SegmentStrategy segment = strategy(executor, true);
    executor.execute(segment, 1);
    assertThat(segment.lastAnalysedRun()).isEqualTo(-1);
    assertThat(segment.coveredKeys()).isZero();
    executor.execute(segment, 2);
    assertThat(segment.lastAnalysedRun()).isEqualTo(1);
    assertThat(segment.lastRunOrigin()).isEqualTo("first");
    assertThat(segment.lastRunNewKeys()).isNotEmpty().hasSize(segment.coveredKeys());
    int afterFirst = segment.coveredKeys();
    segment.finishAnalysis();
    assertThat(segment.lastAnalysedRun()).isEqualTo(2);
    assertThat(segment.coveredKeys()).isEqualTo(afterFirst + segment.lastRunNewKeys().length);
    segment.finishAnalysis();
    assertThat(segment.lastAnalysedRun()).as("nothing left to learn").isEqualTo(-1);
    assertThat(segment.lastRunNewKeys()).isEmpty();
  }

  /**
   * An analysis the helper has not begun when it is taken (the helper is held by another task here;
   * in a campaign it may be parked, or waiting for a processor) is made by the taker: the same
   * result, without waiting for the helper.
   */
  @Test
  void anAnalysisTheHelperHasNotBegunIsMadeByTheTaker() throws Exception {
    RunExecutor executor = executor("dev.weft.examples.juc.ExecutorLostUpdate");
    RunResult run = executor.execute(new RandomWalk(5), 1);
    SpinningHelper helper = new SpinningHelper("held-helper", 1_000);
    CountDownLatch release = hold(helper);
    try {
      AnalysisWorker held = new AnalysisWorker(analysis(executor), helper);
      held.start(run, null);
      WindowedAnalysis.Result taken = assertTimeoutPreemptively(Duration.ofSeconds(20), held::take);
      AnalysisWorker inline = new AnalysisWorker(analysis(executor), (SpinningHelper) null);
      inline.start(run, null);
      assertThat(taken.segments().keys()).containsExactly(inline.take().segments().keys());
      assertThat(taken.segments().size()).isPositive();
    } finally {
      release.countDown();
    }
  }

  /**
   * A second analysis started before the first is taken is made after it and taken after it; one
   * dropped before the helper begins it is never made, and the worker then takes the next one
   * started, as if the dropped one had not been.
   */
  @Test
  void aSecondAnalysisWaitsForTheFirstAndADroppedOneIsNeverTaken() throws Exception {
    RunExecutor executor = executor("dev.weft.examples.juc.ExecutorLostUpdate");
    RunResult first = executor.execute(new RandomWalk(5), 1);
    RunResult second = executor.execute(new RandomWalk(6), 2);
    RunResult third = executor.execute(new RandomWalk(7), 3);
    AnalysisWorker inline = new AnalysisWorker(analysis(executor), (SpinningHelper) null);
    long[][] expected = new long[3][];
    RunResult[] runs = {first, second, third};
    for (int i = 0; i < 3; i++) {
      inline.start(runs[i], null);
      expected[i] = inline.take().segments().keys();
    }
    assertThat(expected[0]).isNotEqualTo(expected[1]);

    SpinningHelper helper = new SpinningHelper("queued-helper", 1_000);
    AnalysisWorker worker = new AnalysisWorker(analysis(executor), helper);
    worker.start(first, null);
    worker.start(second, null);
    assertThatThrownBy(() -> worker.start(third, null)).isInstanceOf(IllegalStateException.class);
    assertThat(worker.take().segments().keys()).containsExactly(expected[0]);
    assertThat(worker.take().segments().keys()).containsExactly(expected[1]);

    // held helper: the queued analysis is dropped before it is begun
    CountDownLatch release = hold(helper);
    worker.start(first, null);
    worker.start(second, null);
    worker.dropQueued();
    worker.start(third, null);
    release.countDown();
    assertThat(worker.take().segments().keys()).containsExactly(expected[0]);
    assertThat(worker.take().segments().keys()).containsExactly(expected[2]);

    // free helper: a queued analysis under way when dropped is waited for, and not taken
    worker.start(first, null);
    worker.start(second, null);
    assertThat(worker.take().segments().keys()).containsExactly(expected[0]);
    worker.start(third, null);
    worker.dropQueued();
    assertThat(worker.take().segments().keys()).containsExactly(expected[1]);
  }

  /** Holds {@code helper} with a task until the latch returned is counted down. */
  private static CountDownLatch hold(SpinningHelper helper) {
    CountDownLatch release = new CountDownLatch(1);
    helper.execute(
        () -> {
          try {
            release.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        });
    return release;
  }

  private static WindowedAnalysis analysis(RunExecutor executor) {
    return new WindowedAnalysis(
        Strategies.siteKeys(executor.sites()), SegmentOptions.DEFAULT, GraphBudget.DEFAULT);
  }

  private static RunExecutor executor(String main) {
    return Harness.executor(
        Harness.examplesPath(), TargetSpec.main(main, List.of()), RunBudget.DEFAULT);
  }

  private static SegmentStrategy strategy(RunExecutor executor, boolean background) {
    return new SegmentStrategy(
        Strategies.siteKeys(executor.sites()),
        3,
        7,
        SegmentOptions.DEFAULT,
        GraphBudget.DEFAULT,
        background);
  }
}
