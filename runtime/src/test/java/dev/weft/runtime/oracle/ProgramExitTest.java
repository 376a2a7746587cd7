package dev.weft.runtime.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.examples.failure.ExitOnCorruptBalance;
import dev.weft.examples.failure.ExitOnCorruptBalanceFixed;
import dev.weft.examples.failure.ExitWhenDone;
import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.runtime.strategy.ReplayStrategy;
import dev.weft.targets.jvm.SwallowedExit;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code System.exit} ends the run as it ends the JVM: a non-zero status is a finding. */
class ProgramExitTest {
  private static RunExecutor example(Class<?> main) {
    return Harness.executor(
        Harness.examplesPath(), TargetSpec.main(main.getName(), List.of()), RunBudget.DEFAULT);
  }

  @Test
  void exitThreeFromAThreadIsAnExitFindingThatReplays() throws Exception {
    RunExecutor executor = example(ExitOnCorruptBalance.class);
    RunResult found = Harness.firstFindingWithoutSkips(executor, new RandomWalk(11), 300);

    assertThat(found).as("no run of 300 exited with status 3").isNotNull();
    Failure exit = found.failure();
    assertThat(exit.kind()).isEqualTo(FindingKind.EXIT);
    assertThat(exit.message()).contains("System.exit(3)").contains("teller-");
    assertThat(exit.details()).contains("ExitOnCorruptBalance.withdraw(ExitOnCorruptBalance.java:");
    assertThat(exit.signature()).startsWith("exit:3|");
    for (int i = 1; i <= 3; i++) {
      RunResult replay = executor.execute(new ReplayStrategy(found.decisions()), i);
      assertThat(replay.failure(exit.signature())).as("replay %d", i).isNotNull();
    }
  }

  @Test
  void theFixedTwinNeverExits() throws Exception {
    Harness.assertEveryRunPasses(
        example(ExitOnCorruptBalanceFixed.class),
        "ExitOnCorruptBalanceFixed",
        100,
        new RandomWalk(11));
  }

  @Test
  void exitZeroEndsTheRunWithoutAFindingAndSaysThreadsStillRan() throws Exception {
    RunExecutor executor = example(ExitWhenDone.class);
    for (int run = 1; run <= 20; run++) {
      RunResult r = executor.execute(new RandomWalk(run), run);
      assertThat(r.outcome())
          .as("run %d: %s", run, r.failure())
          .isEqualTo(RunResult.Outcome.PASSED);
      assertThat(r.diagnostic())
          .as("run %d", run)
          .contains("System.exit(0)")
          .contains("background (main.1)");
    }
  }

  @Test
  void anExitCaughtByTheProgramStillEndsTheRun() throws Exception {
    RunResult r = Harness.executor(SwallowedExit.class).execute(new RandomWalk(1), 1);

    assertThat(r.outcome()).isEqualTo(RunResult.Outcome.FAILED);
    assertThat(r.failure().kind()).isEqualTo(FindingKind.EXIT);
    assertThat(r.failure().message()).contains("System.exit(4)").contains("thread task (main.1)");
  }
}
