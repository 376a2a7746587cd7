package dev.weft.runtime.perrun;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.strategy.Pct;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.targets.fail.forkjoin.ForkJoinBugs;
import dev.weft.targets.pass.forkjoin.ForkJoin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Fork/join work runs on controlled threads: recursion deeper than the pool never runs out of
 * workers, results are right in every interleaving, and a race between leaves is found.
 */
class ForkJoinTest {

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"recursiveSumOnOwnPool", "invokeAllOnCommonPool"})
  void correctProgramsPassInEveryRun(String method) throws Exception {
    RunExecutor executor = Harness.executor(ForkJoin.class, method);
    Harness.assertEveryRunPasses(executor, method, 150, new RandomWalk(8), new Pct(3, 8));
  }

  @Test
  void racyLeavesAreFound() throws Exception {
    RunExecutor executor = Harness.executor(ForkJoinBugs.class, "racyCountOnCommonPool");
    for (Strategy strategy : new Strategy[] {new RandomWalk(8), new Pct(2, 8)}) {
      RunResult found = Harness.firstFinding(executor, strategy, 1_000);
      assertThat(found).as("lost update under %s", strategy).isNotNull();
      assertThat(found.failure().message()).contains("lost update");
    }
  }
}
