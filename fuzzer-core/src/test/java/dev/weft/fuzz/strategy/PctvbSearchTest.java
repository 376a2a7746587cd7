package dev.weft.fuzz.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.examples.Catalog;
import dev.weft.examples.Example;
import dev.weft.fuzz.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.strategy.Pctvb;
import dev.weft.runtime.strategy.ReplayStrategy;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code --strategy pctvb} on seed 000's and seed 001's programs: it finds their bugs and the
 * findings replay; their correct twins give no finding.
 */
class PctvbSearchTest {
  private static final int CAP = 3_000;
  private static final int TWIN_RUNS = 300;

  static Stream<Example> seedPrograms(boolean buggy) {
    return (buggy ? Catalog.buggy() : Catalog.twins())
        .stream()
            .filter(
                e ->
                    e.mainClass().startsWith("dev.weft.examples.variables.")
                        || e.mainClass().startsWith("dev.weft.examples.pct."));
  }

  /**
   * Figure 10 is left out: its bug needs the checking thread preempted twice with the second writer
   * still behind it, which PCT's priorities reach only from depth 4 (neither PCT nor PCTVB at depth
   * 3 finds it in 5 s in {@code scripts/bench-strategies}); random walks and segment do.
   */
  static Stream<Example> buggy() {
    return seedPrograms(true).filter(e -> !e.mainClass().endsWith(".Figure10"));
  }

  static Stream<Example> twins() {
    return seedPrograms(false);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("buggy")
  void findsTheBugAndItReplays(Example example) throws Exception {
    RunExecutor executor = Harness.forExample(example);
    Pctvb pctvb = new Pctvb(3, 11);
    RunResult found = null;
    for (int run = 1; run <= CAP && found == null; run++) {
      RunResult r = executor.execute(pctvb, run);
      assertThat(r.outcome())
          .as("%s run %d: %s", example, run, r.diagnostic())
          .isIn(RunResult.Outcome.PASSED, RunResult.Outcome.FAILED);
      if (r.failed()) {
        found = r;
      }
    }
    assertThat(found).as("%s: no bug in %d runs of pctvb", example, CAP).isNotNull();
    RunResult replay = executor.execute(new ReplayStrategy(found.decisions()), 1);
    assertThat(replay.failure().signature()).isEqualTo(found.failure().signature());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("twins")
  void correctTwinsGiveNoFinding(Example example) throws Exception {
    RunExecutor executor = Harness.forExample(example);
    Pctvb pctvb = new Pctvb(3, 11);
    for (int run = 1; run <= TWIN_RUNS; run++) {
      RunResult r = executor.execute(pctvb, run);
      assertThat(r.failed()).as("%s run %d: %s", example, run, r.failure()).isFalse();
    }
  }
}
