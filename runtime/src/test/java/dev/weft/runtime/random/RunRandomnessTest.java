package dev.weft.runtime.random;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.runtime.strategy.ReplayStrategy;
import dev.weft.targets.jvm.Draws;
import java.security.SecureRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A run's random numbers ({@code new Random()}, {@code Math.random()}, {@code UUID.randomUUID()},
 * {@code SecureRandom}) are the run's: the same schedule draws the same values, so a run that put a
 * random id in a hash repeats when replayed. Threads outside runs keep the JDK's randomness.
 */
class RunRandomnessTest {
  @AfterEach
  void forget() {
    System.clearProperty(Draws.DRAWN);
  }

  private static String drawn(RunExecutor ex, RunResult r) {
    assertThat(r.outcome())
        .as("%s %s", r.failure(), r.diagnostic())
        .isEqualTo(RunResult.Outcome.PASSED);
    return System.getProperty(Draws.DRAWN);
  }

  @Test
  void aReplayDrawsTheSameValues() throws Exception {
    RunExecutor ex = Harness.executor(Draws.class, "drawsRandomNumbers");
    RunResult first = ex.execute(new RandomWalk(4), 1);
    String values = drawn(ex, first);
    for (int i = 0; i < 3; i++) {
      assertThat(drawn(ex, ex.execute(new ReplayStrategy(first.decisions()), 1))).isEqualTo(values);
    }
    assertThat(drawn(ex, ex.execute(new RandomWalk(9), 2))).contains(" other ");
  }

  @Test
  void aThreadOutsideRunsDrawsTheJdksValues() {
    Harness.executor(Draws.class, "drawsRandomNumbers"); // the provider is in place
    assertThat(new SecureRandom().nextLong()).isNotEqualTo(new SecureRandom().nextLong());
  }
}
