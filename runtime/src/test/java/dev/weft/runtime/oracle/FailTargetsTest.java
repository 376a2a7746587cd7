package dev.weft.runtime.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.TargetScan;
import dev.weft.runtime.TargetScan.Target;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.strategy.Pct;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.runtime.strategy.ReplayStrategy;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every program with a bug (every target under {@code dev.weft.targets.fail}) is found within 1,000
 * runs by random search or by PCT with depth 2, never by way of a skipped or diverged run, and each
 * finding replays. (Some bugs are far likelier under one of the two: a lost update in pool tasks is
 * rare under random search. The tests of each family pin down which strategy finds what.)
 */
class FailTargetsTest {
  private static final int RUNS = 1_000;

  static Stream<Target> targets() {
    return TargetScan.under("dev.weft.targets.fail").stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("targets")
  void randomOrPctFindsTheBugAndItReplays(Target target) throws Exception {
    RunExecutor executor = Harness.executor(target.spec(), RunBudget.DEFAULT);
    int findings = 0;
    for (Strategy strategy : new Strategy[] {new Pct(2, 1), new RandomWalk(1)}) {
      RunResult found = null;
      for (int run = 1; run <= RUNS && found == null; run++) {
        RunResult r = executor.execute(strategy, run);
        assertThat(r.outcome())
            .as("%s under %s, run %d: %s", target, strategy, run, r.diagnostic())
            .isIn(RunResult.Outcome.PASSED, RunResult.Outcome.FAILED);
        if (r.failed()) {
          found = r;
        }
      }
      if (found != null) {
        findings++;
        RunResult replay = executor.execute(new ReplayStrategy(found.decisions()), 1);
        assertThat(replay.failed()).as("replay of %s: %s", target, replay.outcome()).isTrue();
        assertThat(replay.failure().signature()).isEqualTo(found.failure().signature());
      }
    }
    assertThat(findings)
        .as("neither random search nor PCT found the bug in %s", target)
        .isPositive();
  }
}
