package dev.weft.fuzz.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.examples.Catalog;
import dev.weft.examples.Example;
import dev.weft.fuzz.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.strategy.PartialOrderSampling;
import dev.weft.runtime.strategy.ReplayStrategy;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code --strategy pos} finds every bundled bug, replays it, and is deterministic by seed. */
class PartialOrderSamplingTest {
  private static final int CAP = 2_000;

  static Stream<Example> buggy() {
    return Catalog.buggy().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("buggy")
  void findsTheBugAndTheSameSeedGivesTheSameRuns(Example example) throws Exception {
    RunExecutor executor = Harness.forExample(example);
    RunResult found = null;
    int run = 0;
    PartialOrderSampling pos = new PartialOrderSampling(7);
    while (found == null && run < CAP) {
      RunResult r = executor.execute(pos, ++run);
      assertThat(r.outcome())
          .as("%s run %d: %s", example, run, r.diagnostic())
          .isIn(RunResult.Outcome.PASSED, RunResult.Outcome.FAILED);
      if (r.failed()) {
        found = r;
      }
    }
    assertThat(found).as("%s: no bug in %d runs of pos", example, CAP).isNotNull();
    RunResult replay = executor.execute(new ReplayStrategy(found.decisions()), 1);
    assertThat(replay.failure().signature()).isEqualTo(found.failure().signature());

    PartialOrderSampling again = new PartialOrderSampling(7);
    RunResult last = null;
    for (int i = 1; i <= run; i++) {
      last = executor.execute(again, i);
    }
    assertThat(last.decisions()).isEqualTo(found.decisions());
  }
}
