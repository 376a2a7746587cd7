package dev.weft.runtime.perrun;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.strategy.Pct;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.targets.fail.pools.PoolBugs;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Pools built with {@code new ThreadPoolExecutor}, subclasses of it and {@code Executors} pools run
 * on controlled workers and keep the JDK's contract: sizing, queueing, rejection, hooks, shutdown.
 * The contract itself is checked by the programs of {@code dev.weft.targets.pass.pools}, which
 * {@code ToolboxSemanticsTest} runs 300 times under each strategy with every other pass target;
 * here, the lost updates in pool tasks are found.
 */
class ThreadPoolsTest {

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"lostUpdateInSubclassedPool", "asyncStagesLoseAnUpdate"})
  void lostUpdatesInPoolTasksAreFound(String method) throws Exception {
    RunExecutor executor = Harness.executor(PoolBugs.class, method);
    for (Strategy strategy : new Strategy[] {new RandomWalk(4), new Pct(2, 4)}) {
      RunResult found = Harness.firstFinding(executor, strategy, 1_000);
      assertThat(found).as("lost update under %s", strategy).isNotNull();
      assertThat(found.failure().message()).contains("lost update");
    }
  }
}
