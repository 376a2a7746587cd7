package dev.weft.runtime.time;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.targets.fail.identities.IdentityReports;
import org.junit.jupiter.api.Test;

/**
 * Identity hash codes and thread ids seen by the target are the same in every run of a schedule, so
 * a target that prints or uses them replays exactly.
 */
class IdentitiesTest {
  @Test
  void identitiesRepeatFromRunToRun() throws Exception {
    RunExecutor executor =
        Harness.executor(
            Harness.testTargetsPath(),
            TargetSpec.method(IdentityReports.class.getName() + "::reportsIdentities"),
            RunBudget.DEFAULT);
    RunResult first = executor.execute(new RandomWalk(1), 1);
    assertThat(first.failed()).isTrue();
    String report = first.failure().message();
    assertThat(report).contains("identities [");
    for (int run = 2; run <= 5; run++) {
      RunResult again = executor.execute(new RandomWalk(1), run);
      assertThat(again.failure().message()).isEqualTo(report);
    }
  }
}
