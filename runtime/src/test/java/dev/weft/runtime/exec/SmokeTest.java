package dev.weft.runtime.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.targets.fail.fields.LostUpdate;
import dev.weft.targets.pass.monitors.SyncCounter;
import org.junit.jupiter.api.Test;

class SmokeTest {
  @Test
  void findsLostUpdateAndReportsAssertion() throws Exception {
    RunExecutor ex = Harness.executor(LostUpdate.class);
    RandomWalk random = new RandomWalk(1);
    int failures = 0;
    int passes = 0;
    for (int i = 1; i <= 200; i++) {
      RunResult r = ex.execute(random, i);
      if (r.failed()) {
        failures++;
        assertThat(r.failure().kind()).isEqualTo(FindingKind.ASSERTION);
        assertThat(r.failure().message()).contains("lost update");
      } else {
        assertThat(r.outcome()).isEqualTo(RunResult.Outcome.PASSED);
        passes++;
      }
    }
    assertThat(failures).isPositive();
    assertThat(passes).isPositive();
  }

  @Test
  void synchronizedCounterNeverFails() throws Exception {
    RunExecutor ex = Harness.executor(SyncCounter.class);
    RandomWalk random = new RandomWalk(2);
    for (int i = 1; i <= 500; i++) {
      RunResult r = ex.execute(random, i);
      assertThat(r.outcome()).as("run %d: %s", i, r.failure()).isEqualTo(RunResult.Outcome.PASSED);
    }
  }
}
