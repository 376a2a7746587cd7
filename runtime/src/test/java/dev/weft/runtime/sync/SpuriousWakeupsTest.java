package dev.weft.runtime.sync;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.strategy.Pct;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.runtime.strategy.ReplayStrategy;
import dev.weft.targets.fail.spurious.IfGuardedWaits;
import dev.weft.targets.pass.spurious.LoopGuardedWaits;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code wait}, {@code await} and {@code park} may return spuriously, as the JVM allows: a waiter
 * guarded by an {@code if} is found, the finding replays, and the same program is quiet with
 * spurious wake-ups off, as is its twin that waits in a loop with them on.
 */
class SpuriousWakeupsTest {
  private static final int RUNS_TO_FIND = 200;
  private static final int QUIET_RUNS = 300;

  private static Strategy[] strategies() {
    return new Strategy[] {new Pct(3, 5), new RandomWalk(5)};
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"monitorHandOff", "conditionHandOff", "parkOnce"})
  void anIfGuardedWaitIsFoundAndReplays(String target) throws Exception {
    RunExecutor executor = Harness.executor(IfGuardedWaits.class, target);
    for (Strategy strategy : strategies()) {
      RunResult found = Harness.firstFindingWithoutSkips(executor, strategy, RUNS_TO_FIND);
      assertThat(found).as("%s under %s", target, strategy).isNotNull();
      assertThat(found.failure().message()).contains("IllegalStateException");
      RunResult replay = executor.execute(new ReplayStrategy(found.decisions()), 1);
      assertThat(replay.failed()).as("replay: %s", replay.diagnostic()).isTrue();
      assertThat(replay.failure().signature()).isEqualTo(found.failure().signature());
      assertThat(replay.decisions()).isEqualTo(found.decisions());
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"monitorHandOff", "conditionHandOff", "parkOnce"})
  void theSameWaitIsQuietWithSpuriousWakeupsOff(String target) throws Exception {
    Harness.assertEveryRunPasses(
        Harness.executorWithoutSpuriousWakeups(IfGuardedWaits.class, target),
        target,
        QUIET_RUNS,
        strategies());
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"monitorHandOff", "conditionHandOff", "parkOnce"})
  void aWaitInALoopIsQuietWithSpuriousWakeupsOn(String target) throws Exception {
    Harness.assertEveryRunPasses(
        Harness.executor(LoopGuardedWaits.class, target), target, QUIET_RUNS, strategies());
  }
}
