package dev.weft.runtime.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.examples.Catalog;
import dev.weft.examples.Example;
import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.strategy.Pct;
import dev.weft.runtime.strategy.RandomWalk;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Correct programs give no false alarm: 1,500 runs each under random walk and under PCT. */
class CorrectTwinsTest {
  private static final int RUNS = 1_500;

  static Stream<Example> twins() {
    return Catalog.twins().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("twins")
  void noFindingUnderRandomOrPct(Example example) throws Exception {
    RunExecutor executor = Harness.forExample(example);
    for (Strategy strategy : new Strategy[] {new RandomWalk(11), new Pct(3, 13)}) {
      for (int run = 1; run <= RUNS; run++) {
        RunResult r = executor.execute(strategy, run);
        assertThat(r.outcome())
            .as(
                "%s under %s, run %d: %s %s",
                example, strategy.describe(), run, r.failure(), r.diagnostic())
            .isEqualTo(RunResult.Outcome.PASSED);
      }
    }
  }
}
