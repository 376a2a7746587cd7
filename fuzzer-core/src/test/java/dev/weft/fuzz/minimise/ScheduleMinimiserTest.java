package dev.weft.fuzz.minimise;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.examples.Catalog;
import dev.weft.examples.Example;
import dev.weft.fuzz.Harness;
import dev.weft.fuzz.strategy.Strategies;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetException;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.runtime.strategy.ReplayStrategy;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link ScheduleMinimiser} on every bundled bug, starting from a failing run of a random walk
 * (which switches threads at almost every point, so it has many preemptions to take away): the
 * result fails with the same signature on every replay and has no more preemptions than the run it
 * came from; on programs small enough to reason about, exactly the fewest preemptions possible.
 */
class ScheduleMinimiserTest {
  private static final MinimiseBudget BUDGET = new MinimiseBudget(Duration.ofSeconds(20), 0);

  static Stream<Example> bugs() {
    return Catalog.buggy().stream();
  }

  /**
   * A failing run of a random walk, the first of up to 500; for the bugs a random walk rarely
   * finds, of the segment strategy (whose fresh runs are random walks and PCT).
   */
  private static RunResult randomFailure(RunExecutor executor) throws TargetException {
    for (long seed = 1; seed <= 500; seed++) {
      RunResult run = executor.execute(new RandomWalk(seed), seed);
      if (run.failed()) {
        return run;
      }
    }
    Strategy segment = Strategies.create("segment", 3, 1, Strategies.siteKeys(executor.sites()));
    for (long n = 1; n <= 2_000; n++) {
      RunResult run = executor.execute(segment, n);
      if (run.failed()) {
        return run;
      }
    }
    throw new AssertionError("no failure in 500 random walks and 2,000 segment runs");
  }

  private static CandidateRunner runner(RunExecutor executor) {
    return strategy -> {
      try {
        return executor.execute(strategy, 1);
      } catch (TargetException e) {
        throw new IllegalStateException(e);
      }
    };
  }

  private static Minimisation minimise(RunExecutor executor, RunResult found) throws Exception {
    CandidateRunner runner = runner(executor);
    return new ScheduleMinimiser(runner, BUDGET)
        .minimise(found.decisions(), found.failure().signature());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("bugs")
  void theResultReplaysTheSameFailureAndHasNoMorePreemptions(Example example) throws Exception {
    RunExecutor executor = Harness.forExample(example);
    RunResult found = randomFailure(executor);
    String signature = found.failure().signature();
    Minimisation m = minimise(executor, found);

    assertThat(m.after().compareTo(m.before())).isLessThanOrEqualTo(0);
    assertThat(m.after().preemptions()).isLessThanOrEqualTo(m.before().preemptions());
    SwitchRecorder before = new SwitchRecorder(new ReplayStrategy(found.decisions()));
    executor.execute(before, 1);
    assertThat(m.before().preemptions()).isEqualTo(before.preemptions());
    for (int i = 0; i < 10; i++) {
      SwitchRecorder replay = new SwitchRecorder(new ReplayStrategy(m.decisions()));
      RunResult again = executor.execute(replay, 2 + i);
      assertThat(again.failure(signature)).as("replay %d of %s", i + 1, m.summary()).isNotNull();
      assertThat(replay.preemptions()).isEqualTo(m.after().preemptions());
    }
  }

  /**
   * The fewest preemptions, derived by hand (a preemption is a switch away from a thread that could
   * have gone on; switching when a thread blocks, ends, yields or sleeps is free):
   *
   * <ul>
   *   <li>{@code MissingJoin}: 0. {@code main} starts the worker and, running on without a switch,
   *       reads {@code result} before the worker ever ran: the non-preemptive run fails.
   *   <li>{@code FlagX(10,10)}: 1. {@code T2} must read {@code flag == 1} and then {@code x ==
   *       null}, so one of its reads lies between {@code T1}'s writes {@code flag = 1} and {@code x
   *       = "file"}; {@code T1} cannot block or end between the two, so it is switched away from
   *       while enabled: at least 1. One suffices: {@code main} blocks in {@code t1.join()}, {@code
   *       T1} runs to {@code flag = 1}, one preemption to {@code T2}, which reads both and throws.
   *   <li>{@code CircleRace}: 1. Without preemptions a thread only stops when it blocks or ends;
   *       {@code A} and {@code B} only block on the circle's monitor, which the other can hold only
   *       if it was preempted inside a synchronized method, so each runs its two calls without the
   *       other in between and the invariant holds: at least 1. One suffices: {@code main} blocks
   *       joining {@code A}, {@code A} runs {@code setRadius(2)}, one preemption to {@code B},
   *       whose {@code getArea()} sees the new radius with the old circumference.
   *   <li>{@code LockOrderDeadlock}: 1. Without preemptions the first of {@code T1}, {@code T2} to
   *       take its first lock runs on to take the second (nobody holds it), so no cycle forms: at
   *       least 1. One suffices: {@code T1} takes {@code a}, one preemption to {@code T2}, which
   *       takes {@code b} and blocks on {@code a}; {@code T1} blocks on {@code b}.
   * </ul>
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "MissingJoin=0",
        "FlagX(10,10)=1",
        "CircleRace=1",
        "LockOrderDeadlock=1",
      })
  void reachesTheFewestPreemptionsDerivedByHand(String expectation) throws Exception {
    String id = expectation.substring(0, expectation.indexOf('='));
    int fewest = Integer.parseInt(expectation.substring(expectation.indexOf('=') + 1));
    Example example = bugs().filter(e -> e.id().equals(id)).findFirst().orElseThrow();
    RunExecutor executor = Harness.forExample(example);
    RunResult found = randomFailure(executor);
    Minimisation m = minimise(executor, found);
    assertThat(m.budgetSpent()).as(m.summary()).isFalse();
    assertThat(m.after().preemptions()).as(m.summary()).isEqualTo(fewest);
  }

  /**
   * A campaign told to stop (Ctrl-C) while it minimises a finding does not wait for the budget: the
   * minimisation ends before its next candidate, with a run that still fails alike.
   */
  @Test
  void aStopRequestEndsTheMinimisationAtOnceWithAFailingRun() throws Exception {
    Example example = bugs().filter(e -> e.id().equals("CircleRace")).findFirst().orElseThrow();
    RunExecutor executor = Harness.forExample(example);
    RunResult found = randomFailure(executor);
    AtomicInteger asked = new AtomicInteger();
    CandidateRunner runner = runner(executor);
    Minimisation m =
        new ScheduleMinimiser(runner, BUDGET, () -> asked.incrementAndGet() > 2)
            .minimise(found.decisions(), found.failure().signature());
    assertThat(m.budgetSpent()).as(m.summary()).isTrue();
    assertThat(m.candidates()).isLessThanOrEqualTo(2);
    RunResult again = executor.execute(new ReplayStrategy(m.decisions()), 2);
    assertThat(again.failure(found.failure().signature())).isNotNull();
  }
}
