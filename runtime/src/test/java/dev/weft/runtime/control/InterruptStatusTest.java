package dev.weft.runtime.control;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.targets.jvm.InterruptedWaiters;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Interrupting a waiting thread sets its status, which stays set until the waiter runs and returns
 * from its wait: another thread may see it set in between, and the waiter's {@code
 * InterruptedException} clears it.
 */
class InterruptStatusTest {
  private static final int RUNS = 100;

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"inWait", "inAwait", "inPark"})
  void theInterrupterSeesTheStatusSetAndTheWaiterThrowsWithItCleared(String target)
      throws Exception {
    RunExecutor executor = Harness.executor(InterruptedWaiters.class, target);
    RandomWalk random = new RandomWalk(9);
    int seen = 0;
    for (int run = 1; run <= RUNS; run++) {
      RunResult r = executor.execute(random, run);
      assertThat(r.outcome())
          .as("run %d: %s", run, r.diagnostic())
          .isIn(RunResult.Outcome.PASSED, RunResult.Outcome.FAILED);
      if (r.failed()) {
        assertThat(r.failure().message()).as("run %d", run).contains(InterruptedWaiters.SEEN);
        seen++;
      }
    }
    assertThat(seen).as("runs where the interrupter saw the status set").isPositive();
  }
}
