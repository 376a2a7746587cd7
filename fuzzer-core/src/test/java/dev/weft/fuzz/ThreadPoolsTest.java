package dev.weft.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.fuzz.strategy.Pct;
import dev.weft.fuzz.strategy.RandomWalk;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.scheduler.RunResult;
import dev.weft.runtime.scheduler.Strategy;
import dev.weft.testtargets.PoolTargets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Pools built with {@code new ThreadPoolExecutor}, subclasses of it and {@code Executors} pools run
 * on controlled workers and keep the JDK's contract: sizing, queueing, rejection, hooks, shutdown.
 */
class ThreadPoolsTest {
  private static RunExecutor executor(String method) {
    return Harness.executor(
        Harness.testTargetsPath(),
        TargetSpec.method(PoolTargets.class.getName() + "::" + method),
        RunBudget.DEFAULT);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "boundedPoolCallerRuns",
        "handoffPoolRejects",
        "subclassHooksSeeEveryTask",
        "executorsPoolIsAThreadPoolExecutor",
        "scheduledTasksRunInDueOrder",
        "fixedRateRunsUntilCancelled",
        "heartbeatLeftRunning",
        "asyncStagesAndTimeouts"
      })
  void keepsTheContractInEveryRun(String method) throws Exception {
    RunExecutor executor = executor(method);
    for (Strategy strategy : new Strategy[] {new RandomWalk(3), new Pct(3, 3)}) {
      for (int run = 1; run <= 200; run++) {
        RunResult r = executor.execute(strategy, run);
        assertThat(r.outcome())
            .as("%s under %s, run %d: %s %s", method, strategy, run, r.failure(), r.diagnostic())
            .isEqualTo(RunResult.Outcome.PASSED);
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"lostUpdateInSubclassedPool", "asyncStagesLoseAnUpdate"})
  void lostUpdatesInPoolTasksAreFound(String method) throws Exception {
    RunExecutor executor = executor(method);
    for (Strategy strategy : new Strategy[] {new RandomWalk(4), new Pct(2, 4)}) {
      RunResult found = null;
      for (int run = 1; run <= 1_000 && found == null; run++) {
        RunResult r = executor.execute(strategy, run);
        if (r.failed()) {
          found = r;
        }
      }
      assertThat(found).as("lost update under %s", strategy).isNotNull();
      assertThat(found.failure().message()).contains("lost update");
    }
  }
}
