package dev.weft.runtime.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Seed 000's guarantee, measured: on the flag/x program (a depth-2 bug), PCT with d=2 fails a run
 * with probability at least 1/(n·k), n threads and k steps. Fixed seeds make the count
 * deterministic; the margin between measured rate and bound is printed for the record.
 */
class PctBoundTest {
  private static final int RUNS = 3_000;

  @ParameterizedTest(name = "FlagX({0},{0})")
  @CsvSource({"10", "40"})
  void perRunSuccessRateIsAtLeastTheBound(String size) throws Exception {
    RunExecutor executor =
        Harness.executor(
            Harness.examplesPath(),
            TargetSpec.main("dev.weft.examples.pct.FlagX", List.of(size, size)),
            RunBudget.DEFAULT);
    Pct pct = new Pct(2, 20_261_122L);
    executor.execute(pct, 0); // the first run only teaches PCT n and k
    int failures = 0;
    for (int run = 1; run <= RUNS; run++) {
      RunResult r = executor.execute(pct, run);
      if (r.failed()) {
        failures++;
      }
    }
    int n = pct.estimatedThreads();
    int k = pct.estimatedSteps();
    double bound = 1.0 / (n * (double) k);
    double rate = failures / (double) RUNS;
    System.out.printf(
        "FlagX(%s): n=%d k=%d bound=%.5f measured=%.5f (%d/%d), ratio %.1f%n",
        size, n, k, bound, rate, failures, RUNS, rate / bound);
    assertThat(rate).as("n=%d k=%d", n, k).isGreaterThanOrEqualTo(bound);
  }
}
