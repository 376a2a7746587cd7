package dev.weft.runtime.statics;

import dev.weft.runtime.Harness;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.strategy.Pct;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.targets.statics.InitialiserWaits;
import org.junit.jupiter.api.Test;

/**
 * A thread that uses a class another controlled thread is initialising waits under Weft's control,
 * so the initialiser, when it had to wait itself, can finish: no stall, no hang.
 */
class InitialiserWaitsTest {
  @Test
  void aThreadUsingAClassBeingInitialisedLetsTheInitialiserFinish() throws Exception {
    RunExecutor executor =
        Harness.executor(InitialiserWaits.class, "twoThreadsUseAClassBeingInitialised");
    Harness.assertEveryRunPasses(
        executor, "InitialiserWaits", 20, new RandomWalk(11), new Pct(3, 13));
  }
}
