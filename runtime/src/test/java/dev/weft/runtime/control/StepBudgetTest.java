package dev.weft.runtime.control;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.runtime.strategy.Pct;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.targets.misbehaving.BadTargets;
import dev.weft.targets.time.IdleDaemons;
import org.junit.jupiter.api.Test;

/**
 * A step counts against the budget of contended runs only when another thread could have run
 * instead: sleeping daemons beside a long set-up make no livelock, two threads spinning do.
 */
class StepBudgetTest {
  /**
   * The default step budget, with wall-clock limits a busy machine cannot reach: these tests are
   * about steps and virtual time, not the stall watchdog.
   */
  private static final RunBudget UNLOADED = new RunBudget(1_000_000, 300_000, 120_000);

  @Test
  void daemonsSleepingThroughALongSetUpMakeNoHang() throws Exception {
    RunExecutor executor =
        Harness.executor(
            TargetSpec.method(IdleDaemons.class.getName() + "::longSetUpBesideSleepingDaemons"),
            UNLOADED);
    for (var strategy : new dev.weft.runtime.api.Strategy[] {new Pct(3, 5), new RandomWalk(5)}) {
      RunResult r = executor.execute(strategy, 1);
      assertThat(r.outcome())
          .as("under %s: %s %s", strategy, r.failures(), r.diagnostic())
          .isEqualTo(RunResult.Outcome.PASSED);
      assertThat(r.steps()).isGreaterThan(2_000_000); // twice the contended budget
    }
  }

  @Test
  void twoThreadsSpinningAgainstEachOtherAreStillAHang() throws Exception {
    RunExecutor executor =
        Harness.executor(
            TargetSpec.method(BadTargets.class.getName() + "::twoThreadsLoopForEver"), UNLOADED);
    RunResult r = executor.execute(new RandomWalk(2), 1);
    assertThat(r.failed()).isTrue();
    assertThat(r.failure().kind()).isEqualTo(FindingKind.HANG);
    assertThat(r.failure().message()).contains("with more than one thread");
  }
}
