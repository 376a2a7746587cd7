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
   * Every bug but two: SURW found BluetoothDriver in 3 of 10 seeds and ExecutorLostUpdate in 1 of
   * 10 within 3 s in {@code scripts/bench-strategies} (random walks: 10 and 6 of 10).
   * BluetoothDriver's bug needs the stopper to run all of its stop() between two accesses of the
   * adder, and every field of the driver is one variable (one allocation site): sampling the
   * interleavings of those accesses uniformly makes that one long uninterrupted stretch rare, which
   * is what PCT's priorities are good at. ExecutorLostUpdate is not analysed yet. The segment
   * strategy's portfolio runs SURW only as long as it pays.
   */
  static Stream<Example> surwBuggy() {
    return Catalog.buggy().stream()
        .filter(
            e ->
                !e.mainClass().endsWith(".BluetoothDriver")
                    && !e.mainClass().endsWith(".ExecutorLostUpdate"));
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
