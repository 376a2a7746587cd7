package dev.weft.runtime.control;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.RandomChoice;
import dev.weft.runtime.Runs;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.targets.jvm.JvmThreadSemantics;
import org.junit.jupiter.api.Test;

/** Runs end, load classes and tolerate JDK helper threads as the JVM would. */
class JvmThreadSemanticsTest {
  private static RunExecutor executor(String method) {
    return Runs.executor(
        TargetSpec.method(JvmThreadSemantics.class.getName() + "::" + method), RunBudget.DEFAULT);
  }

  @Test
  void aDaemonWaitingAtTheEndIsNoDeadlock() throws Exception {
    RunExecutor ex = executor("daemonIdleAtExit");
    RandomChoice random = new RandomChoice(3);
    for (int run = 1; run <= 50; run++) {
      RunResult r = ex.execute(random, run);
      assertThat(r.outcome())
          .as("run %d: %s %s", run, r.failure(), r.diagnostic())
          .isEqualTo(RunResult.Outcome.PASSED);
    }
  }

  @Test
  void aNonDaemonWaitingAtTheEndIsStillADeadlock() throws Exception {
    RunResult r = executor("nonDaemonIdleAtExit").execute(new RandomChoice(3), 1);
    assertThat(r.failed()).isTrue();
    assertThat(r.failure().kind()).isEqualTo(FindingKind.DEADLOCK);
    assertThat(r.failure().message()).contains("wait()");
  }

  @Test
  void everyThreadsContextLoaderIsTheTargetLoader() throws Exception {
    RunExecutor ex = executor("contextLoaderIsTheProgramsLoader");
    RandomChoice random = new RandomChoice(4);
    for (int run = 1; run <= 20; run++) {
      RunResult r = ex.execute(random, run);
      assertThat(r.outcome())
          .as("run %d: %s %s", run, r.failure(), r.diagnostic())
          .isEqualTo(RunResult.Outcome.PASSED);
    }
  }

  @Test
  void aCleanerRunningTargetCodeDoesNotSkipTheRun() throws Exception {
    System.clearProperty(JvmThreadSemantics.CLEANED_PROPERTY);
    RunExecutor ex = executor("cleanerRunsTargetCode");
    RandomChoice random = new RandomChoice(5);
    for (int run = 1;
        run <= 20 && System.getProperty(JvmThreadSemantics.CLEANED_PROPERTY) == null;
        run++) {
      RunResult r = ex.execute(random, run);
      assertThat(r.outcome())
          .as("run %d: %s %s", run, r.failure(), r.diagnostic())
          .isEqualTo(RunResult.Outcome.PASSED);
    }
    assertThat(System.getProperty(JvmThreadSemantics.CLEANED_PROPERTY))
        .as("the cleaner ran the program's action in one of the runs")
        .isEqualTo("true");
  }
}
