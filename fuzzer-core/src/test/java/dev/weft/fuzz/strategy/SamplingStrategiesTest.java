package dev.weft.fuzz.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.examples.Catalog;
import dev.weft.examples.Example;
import dev.weft.fuzz.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.strategy.Pctvb;
import dev.weft.runtime.strategy.ReplayStrategy;
import dev.weft.runtime.strategy.Surw;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code --strategy pctvb} on seed 000's and seed 001's programs, and {@code --strategy surw} on
 * every bundled program: they find the bugs and the findings replay; the correct twins give no
 * finding.
 */
class SamplingStrategiesTest {
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

  /**
   * Every bug, BluetoothDriver and ExecutorLostUpdate too: their bugs need one thread's long
   * stretch of accesses to a variable to run between two accesses of another thread to a second
   * variable, which sampling the interleavings of every shared access at once made rare (3 and 1 of
   * 10 seeds within 3 s when SURW drew at the accesses to all shared variables); with one variable
   * selected per run the other runs by random priorities (medians of 14 and 7 executions over 20
   * seeds in {@code scripts/bench-strategies}).
   */
  static Stream<Example> surwBuggy() {
    return Catalog.buggy().stream();
  }

  static Stream<Example> allTwins() {
    return Catalog.twins().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("surwBuggy")
  void surwFindsTheBugAndItReplays(Example example) throws Exception {
    findsAndReplays(example, new Surw(11), "surw");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("allTwins")
  void surwGivesNoFindingOnCorrectTwins(Example example) throws Exception {
    quiet(example, new Surw(11));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("buggy")
  void pctvbFindsTheBugAndItReplays(Example example) throws Exception {
    findsAndReplays(example, new Pctvb(3, 11), "pctvb");
  }

  private static void findsAndReplays(Example example, Strategy strategy, String name)
      throws Exception {
    RunExecutor executor = Harness.forExample(example);
    RunResult found = null;
    for (int run = 1; run <= CAP && found == null; run++) {
      RunResult r = executor.execute(strategy, run);
      assertThat(r.outcome())
          .as("%s run %d: %s", example, run, r.diagnostic())
          .isIn(RunResult.Outcome.PASSED, RunResult.Outcome.FAILED);
      if (r.failed()) {
        found = r;
      }
    }
    assertThat(found).as("%s: no bug in %d runs of %s", example, CAP, name).isNotNull();
    RunResult replay = executor.execute(new ReplayStrategy(found.decisions()), 1);
    assertThat(replay.failure().signature()).isEqualTo(found.failure().signature());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("twins")
  void pctvbGivesNoFindingOnCorrectTwins(Example example) throws Exception {
    quiet(example, new Pctvb(3, 11));
  }

  private static void quiet(Example example, Strategy strategy) throws Exception {
    RunExecutor executor = Harness.forExample(example);
    for (int run = 1; run <= TWIN_RUNS; run++) {
      RunResult r = executor.execute(strategy, run);
      assertThat(r.failed()).as("%s run %d: %s", example, run, r.failure()).isFalse();
    }
  }
}
