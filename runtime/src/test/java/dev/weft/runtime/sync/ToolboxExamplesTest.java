package dev.weft.runtime.sync;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.examples.Catalog;
import dev.weft.examples.Example;
import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.runtime.strategy.ReplayStrategy;
import java.lang.management.ManagementFactory;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The java.util.concurrent examples: random search finds every bug and each finding replays; a
 * two-second sleep costs no real time; pool threads end with their run.
 */
class ToolboxExamplesTest {
  private static final String JUC = "dev.weft.examples.juc.";

  static Stream<Example> toolboxBugs() {
    return Catalog.buggy().stream().filter(e -> e.mainClass().startsWith(JUC));
  }

  private static Example example(String simpleName) {
    return Catalog.ALL.stream()
        .filter(e -> e.mainClass().equals(JUC + simpleName))
        .findFirst()
        .orElseThrow();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("toolboxBugs")
  void randomFindsTheBugAndItReplaysTenTimesOutOfTen(Example example) throws Exception {
    RunExecutor executor = Harness.forExample(example);
    RandomWalk random = new RandomWalk(5);
    RunResult found = null;
    for (int run = 1; run <= 20_000 && found == null; run++) {
      RunResult r = executor.execute(random, run);
      assertThat(r.outcome())
          .as("%s run %d: %s", example, run, r.diagnostic())
          .isNotIn(RunResult.Outcome.SKIPPED, RunResult.Outcome.DIVERGED);
      if (r.failed()) {
        found = r;
      }
    }
    assertThat(found).as("random found no bug in %s", example).isNotNull();
    for (int i = 0; i < 10; i++) {
      RunResult replay = executor.execute(new ReplayStrategy(found.decisions()), i + 1);
      assertThat(replay.failed()).as("replay %d of %s", i, example).isTrue();
      assertThat(replay.failure().signature()).isEqualTo(found.failure().signature());
      assertThat(replay.trace().size()).isEqualTo(found.trace().size());
    }
  }

  @Test
  void aTwoSecondSleepCostsNoRealTime() throws Exception {
    RunExecutor executor = Harness.forExample(example("SleepOrderingFixed"));
    RandomWalk random = new RandomWalk(9);
    long start = System.nanoTime();
    for (int run = 1; run <= 1_000; run++) {
      assertThat(executor.execute(random, run).outcome()).isEqualTo(RunResult.Outcome.PASSED);
    }
    long seconds = (System.nanoTime() - start) / 1_000_000_000L;
    // 1,000 real sleeps of two seconds would take over half an hour
    assertThat(seconds).as("1,000 runs took %d s", seconds).isLessThan(60);
  }

  @Test
  void poolThreadsEndWithTheirRun() throws Exception {
    for (String name : new String[] {"ExecutorLostUpdateFixed", "FuturePipelineRaceFixed"}) {
      RunExecutor executor = Harness.forExample(example(name));
      RandomWalk random = new RandomWalk(3);
      executor.execute(random, 0);
      int before = ManagementFactory.getThreadMXBean().getThreadCount();
      for (int run = 1; run <= 2_500; run++) {
        RunResult r = executor.execute(random, run);
        assertThat(r.outcome())
            .as("%s run %d: %s", name, run, r.failure())
            .isEqualTo(RunResult.Outcome.PASSED);
      }
      int after = ManagementFactory.getThreadMXBean().getThreadCount();
      assertThat(after - before)
          .as("%s: threads before %d, after %d", name, before, after)
          .isLessThanOrEqualTo(2);
      assertThat(executor.leakedThreads()).isZero();
    }
  }
}
