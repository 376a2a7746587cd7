package dev.weft.runtime.control;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.targets.jvm.JvmThreadSemantics;
import dev.weft.targets.jvm.LongSetup;
import org.junit.jupiter.api.Test;

/** Runs end, load classes and tolerate JDK helper threads as the JVM would. */
class JvmThreadSemanticsTest {
  private static RunExecutor executor(String method) {
    return Harness.executor(JvmThreadSemantics.class, method);
  }

  @Test
  void aDaemonWaitingAtTheEndIsNoDeadlock() throws Exception {
    Harness.assertEveryRunPasses(
        executor("daemonIdleAtExit"), "a daemon idle at exit", 50, new RandomWalk(3));
  }

  @Test
  void aNonDaemonWaitingAtTheEndIsStillADeadlock() throws Exception {
    RunResult r = executor("nonDaemonIdleAtExit").execute(new RandomWalk(3), 1);
    assertThat(r.failed()).isTrue();
    assertThat(r.failure().kind()).isEqualTo(FindingKind.DEADLOCK);
    assertThat(r.failure().message()).contains("wait()");
  }

  @Test
  void everyThreadsContextLoaderIsTheTargetLoader() throws Exception {
    Harness.assertEveryRunPasses(
        executor("contextLoaderIsTheProgramsLoader"), "the context loader", 20, new RandomWalk(4));
  }

  @Test
  void threadsWithoutANameAreNumberedPerRunAsInAFreshJvm() throws Exception {
    RunExecutor ex = executor("unnamedThreadsAreNumberedFromZero");
    RandomWalk random = new RandomWalk(7);
    for (int run = 1; run <= 3; run++) {
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
    RandomWalk random = new RandomWalk(5);
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

  @Test
  void longSingleThreadedSetUpIsNoHangAndTheRaceAfterItIsFound() throws Exception {
    RunExecutor ex = Harness.executor(LongSetup.class, "thenRace");
    RandomWalk random = new RandomWalk(6);
    RunResult found = null;
    for (int run = 1; run <= 30 && found == null; run++) {
      RunResult r = ex.execute(random, run);
      if (r.failed()) {
        found = r;
      }
    }
    assertThat(found).as("the lost update after 3,000,000 single-threaded points").isNotNull();
    assertThat(found.failure().kind()).isEqualTo(FindingKind.ASSERTION);
    assertThat(found.failure().message()).contains("lost update after set-up");
  }

  @Test
  void anExceptionEndsOnlyItsThreadAndTheDeadlockAfterItIsReportedToo() throws Exception {
    RunResult r = executor("workerDiesThenMainWaits").execute(new RandomWalk(7), 1);
    assertThat(r.failed()).isTrue();
    assertThat(r.failures())
        .extracting(f -> f.kind())
        .containsExactly(FindingKind.EXCEPTION, FindingKind.DEADLOCK);
    assertThat(r.failures().get(0).message()).contains("worker failed before counting down");
    assertThat(r.failures().get(1).message()).contains("main").contains("await");
  }

  @Test
  void anExceptionGoesToTheThreadsOwnHandler() throws Exception {
    Harness.assertEveryRunPasses(
        executor("workerDiesIntoItsHandler"), "a handled exception", 20, new RandomWalk(8));
  }

  @Test
  void whenMainDiesTheOtherThreadsRunToTheirEnd() throws Exception {
    RunResult r = executor("mainDiesWorkerGoesOn").execute(new RandomWalk(9), 1);
    assertThat(r.failures())
        .extracting(f -> f.kind())
        .containsExactly(FindingKind.EXCEPTION, FindingKind.ASSERTION);
    assertThat(r.failures().get(0).message()).contains("main failed");
  }
}
