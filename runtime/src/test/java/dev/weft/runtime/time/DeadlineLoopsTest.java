package dev.weft.runtime.time;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.strategy.Pct;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.runtime.strategy.ReplayStrategy;
import dev.weft.targets.time.DeadlineLoops;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Threads that loop until a deadline on the clock end under virtual time, well within the step
 * budget, and a replay reads the same times (it takes the same steps and makes the same trace).
 */
class DeadlineLoopsTest {
  /**
   * The default step budget, with wall-clock limits a busy machine cannot reach: these tests are
   * about steps and virtual time, not the stall watchdog.
   */
  private static final RunBudget UNLOADED = new RunBudget(1_000_000, 300_000, 120_000);

  /** Well within the budget of a run with more than one thread (1,000,000 steps). */
  private static final int FEW_EVENTS = 100_000;

  @ParameterizedTest
  @ValueSource(
      strings = {
        "pollMillis",
        "pollNanos",
        "yieldBetweenReads",
        "sleepBetweenReads",
        "localWorkBetweenReads"
      })
  void aDeadlineLoopEndsAndReplaysExactly(String loop) throws Exception {
    RunExecutor executor =
        Harness.executor(TargetSpec.method(DeadlineLoops.class.getName() + "::" + loop), UNLOADED);
    for (var strategy : new dev.weft.runtime.api.Strategy[] {new RandomWalk(3), new Pct(3, 7)}) {
      RunResult r = executor.execute(strategy, 1);
      assertThat(r.outcome())
          .as("%s under %s: %s %s", loop, strategy, r.failures(), r.diagnostic())
          .isEqualTo(RunResult.Outcome.PASSED);
      assertThat(r.steps()).as("steps of %s", loop).isLessThan(FEW_EVENTS);
      RunResult replay = executor.execute(new ReplayStrategy(r.decisions()), 1);
      assertThat(replay.outcome()).isEqualTo(RunResult.Outcome.PASSED);
      assertThat(replay.steps()).isEqualTo(r.steps());
      assertThat(replay.trace().size()).isEqualTo(r.trace().size());
      for (int i = 0; i < r.trace().size(); i++) {
        assertThat(replay.trace().thread(i)).as("event %d", i).isEqualTo(r.trace().thread(i));
        assertThat(replay.trace().site(i)).as("event %d", i).isEqualTo(r.trace().site(i));
      }
    }
  }
}
