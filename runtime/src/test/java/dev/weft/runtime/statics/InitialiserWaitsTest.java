package dev.weft.runtime.statics;

import dev.weft.runtime.Harness;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.strategy.Pct;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.targets.statics.InitialiserWaits;
import org.junit.jupiter.api.Test;

/**
 * A thread that uses a class another controlled thread is initialising waits under Weft's control,
 * so the initialiser, when it had to wait itself, can finish: no stall, no hang.
 */
class InitialiserWaitsTest {
  /**
   * The default step budget, with wall-clock limits a busy machine cannot reach: these tests are
   * about steps and virtual time, not the stall watchdog.
   */
  private static final RunBudget UNLOADED = new RunBudget(1_000_000, 300_000, 120_000);

  @Test
  void aThreadUsingAClassBeingInitialisedLetsTheInitialiserFinish() throws Exception {
    RunExecutor executor =
        Harness.executor(
            TargetSpec.method(
                InitialiserWaits.class.getName() + "::twoThreadsUseAClassBeingInitialised"),
            UNLOADED);
    Harness.assertEveryRunPasses(
        executor, "InitialiserWaits", 20, new RandomWalk(11), new Pct(3, 13));
  }
}
