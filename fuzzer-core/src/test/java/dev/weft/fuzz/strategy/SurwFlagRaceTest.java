package dev.weft.fuzz.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.examples.Example;
import dev.weft.examples.Example.Expected;
import dev.weft.fuzz.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.strategy.Surw;
import org.junit.jupiter.api.Test;

/**
 * SURW on the flag race at 0, 3 and 20 steps of work between the writer's flag and its payload:
 * only the accesses to the shared variables decide the bug, so the steps must not make it rarer. A
 * random walk that draws at every step would lose it geometrically in the steps; SURW's draws fall
 * only on the selected variable's accesses.
 */
class SurwFlagRaceTest {
  private static final int RUNS = 200;

  @Test
  void theBugIsAsLikelyWithTwentyStepsOfWorkAsWithNone() throws Exception {
    double none = bugRate(0);
    double three = bugRate(3);
    double twenty = bugRate(20);
    // one run in twenty at least (about one in six to one in three are usual), and no fall with
    // the steps beyond what chance makes of 200 runs
    assertThat(none).as("rate at 0 steps").isGreaterThan(0.05);
    assertThat(three).as("rate at 3 steps (0 steps: %.3f)", none).isGreaterThan(none * 0.5);
    assertThat(twenty).as("rate at 20 steps (0 steps: %.3f)", none).isGreaterThan(none * 0.5);
  }

  /** The share of {@value #RUNS} runs of one SURW campaign that fail. */
  private static double bugRate(int steps) throws Exception {
    RunExecutor executor =
        Harness.forExample(
            new Example(
                "dev.weft.examples.families.FlagRace",
                new String[] {Integer.toString(steps)},
                Expected.EXCEPTION,
                null));
    Surw surw = new Surw(3);
    int failed = 0;
    for (int run = 1; run <= RUNS; run++) {
      RunResult r = executor.execute(surw, run);
      assertThat(r.outcome()).isIn(RunResult.Outcome.PASSED, RunResult.Outcome.FAILED);
      failed += r.failed() ? 1 : 0;
    }
    return failed / (double) RUNS;
  }
}
