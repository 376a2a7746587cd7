package dev.weft.runtime.sync;

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
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Weft's models of locks, stamped locks, conditions, semaphores, latches, barriers, phasers,
 * exchangers, {@code LockSupport}, virtual time, spin-waits, pools, fork/join, method references
 * and monitors keep the JDK's guarantees: correct programs that check those guarantees themselves
 * (every target under {@code dev.weft.targets.pass}) pass in every explored interleaving, never
 * deadlock or hang, and are never skipped.
 */
class ToolboxSemanticsTest {
  private static final int RUNS = 300;

  static Stream<Target> targets() {
    return TargetScan.under("dev.weft.targets.pass").stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("targets")
  void passesUnderRandomAndPct(Target target) throws Exception {
    RunExecutor executor = Harness.executor(target.spec(), RunBudget.DEFAULT);
    for (Strategy strategy : new Strategy[] {new RandomWalk(11), new Pct(3, 11)}) {
      for (int run = 1; run <= RUNS; run++) {
        RunResult r = executor.execute(strategy, run);
        assertThat(r.outcome())
            .as("%s under %s, run %d: %s %s", target, strategy, run, r.failure(), r.diagnostic())
            .isEqualTo(RunResult.Outcome.PASSED);
      }
    }
  }
}
