package dev.weft.runtime.perrun;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.strategy.Pct;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.targets.fail.timer.TimerBugs;
import dev.weft.targets.pass.timer.Timers;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code java.util.Timer} runs its tasks on a controlled thread of the run. The contract is checked
 * by the programs of {@code dev.weft.targets.pass.timer} (under {@code ToolboxSemanticsTest});
 * here, a race with a task is found, a throwing task is a finding of the timer's own thread that
 * kills the timer, and the JDK's own timer thread, which every {@code Timer} constructor starts, is
 * gone.
 */
class TimerTest {

  @Test
  void lostUpdateBetweenTaskAndMainIsFound() throws Exception {
    RunExecutor executor = Harness.executor(TimerBugs.class, "lostUpdateBetweenTaskAndMain");
    for (Strategy strategy : new Strategy[] {new RandomWalk(4), new Pct(2, 4)}) {
      RunResult found = Harness.firstFindingWithoutSkips(executor, strategy, 1_000);
      assertThat(found).as("lost update under %s", strategy).isNotNull();
      assertThat(found.failure().message()).contains("lost update");
    }
  }

  @Test
  void aThrowingTaskIsUncaughtInTheTimerThreadAndKillsTheTimer() throws Exception {
    RunExecutor executor = Harness.executor(TimerBugs.class, "taskThrows");
    for (Strategy strategy : new Strategy[] {new RandomWalk(7), new Pct(2, 7)}) {
      for (int run = 1; run <= 30; run++) {
        RunResult r = executor.execute(strategy, run);
        assertThat(r.outcome())
            .as("run %d: %s", run, r.diagnostic())
            .isEqualTo(RunResult.Outcome.FAILED);
        // main's own check (a later schedule is refused as the JDK refuses it) held
        assertThat(r.failures()).hasSize(1);
        assertThat(r.failure().message())
            .contains("IllegalArgumentException: bad tick")
            .contains("in thread Timer-0 (main.1)");
      }
    }
  }

  @Test
  void theJdkTimerThreadEndsAtOnce() throws Exception {
    RunExecutor executor = Harness.executor(Timers.class, "timerNeverCancelled");
    for (int run = 1; run <= 10; run++) {
      RunResult r = executor.execute(new RandomWalk(3), run);
      assertThat(r.outcome())
          .as("run %d: %s", run, r.diagnostic())
          .isEqualTo(RunResult.Outcome.PASSED);
    }
    List<Thread> jdkTimerThreads =
        Thread.getAllStackTraces().keySet().stream()
            .filter(t -> t.getClass().getName().equals("java.util.TimerThread"))
            .toList();
    for (Thread t : jdkTimerThreads) {
      t.join(1_000);
    }
    assertThat(jdkTimerThreads).noneMatch(Thread::isAlive);
  }
}
