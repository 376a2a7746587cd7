package dev.weft.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.fuzz.strategy.Pct;
import dev.weft.fuzz.strategy.RandomWalk;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.scheduler.RunResult;
import dev.weft.runtime.scheduler.Strategy;
import dev.weft.testtargets.ForkJoinTargets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Fork/join work runs on controlled threads: recursion deeper than the pool never runs out of
 * workers, results are right in every interleaving, and a race between leaves is found.
 */
class ForkJoinTest {
  private static RunExecutor executor(String method) {
    return Harness.executor(
        Harness.testTargetsPath(),
        TargetSpec.method(ForkJoinTargets.class.getName() + "::" + method),
        RunBudget.DEFAULT);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"recursiveSumOnOwnPool", "invokeAllOnCommonPool"})
  void correctProgramsPassInEveryRun(String method) throws Exception {
    RunExecutor executor = executor(method);
    for (Strategy strategy : new Strategy[] {new RandomWalk(8), new Pct(3, 8)}) {
      for (int run = 1; run <= 150; run++) {
        RunResult r = executor.execute(strategy, run);
        assertThat(r.outcome())
            .as("%s under %s, run %d: %s %s", method, strategy, run, r.failure(), r.diagnostic())
            .isEqualTo(RunResult.Outcome.PASSED);
      }
    }
  }

  @Test
  void racyLeavesAreFound() throws Exception {
    RunExecutor executor = executor("racyCountOnCommonPool");
    for (Strategy strategy : new Strategy[] {new RandomWalk(8), new Pct(2, 8)}) {
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
