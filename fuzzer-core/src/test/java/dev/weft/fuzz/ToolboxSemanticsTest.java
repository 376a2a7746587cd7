package dev.weft.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.strategy.Pct;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.testtargets.ToolboxTargets;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Weft's models of locks, stamped locks, conditions, semaphores, latches, barriers, phasers,
 * exchangers, {@code LockSupport}, virtual time and spin-waits keep the JDK's guarantees: correct
 * programs that check those guarantees themselves pass in every explored interleaving, never
 * deadlock or hang, and are never skipped.
 */
class ToolboxSemanticsTest {
  private static final int RUNS = 300;

  static Stream<String> targets() {
    return Stream.of(
        "lockExcludes",
        "readWriteLockExcludesWriters",
        "tryLockTimesOutWhileHeld",
        "conditionAwaitTimesOut",
        "semaphoreBoundsConcurrency",
        "latchAwaitTimesOut",
        "barrierRunsItsActionFirst",
        "parkUntilUnparked",
        "sleepMovesTheClock",
        "lockInterruptiblyIsInterrupted",
        "spinsHandOffBothWays",
        "stampedLockExcludes",
        "stampedOptimisticReadValidates",
        "stampedLockViewsExclude",
        "stampedLockWaitsEndByTimeoutOrInterrupt",
        "phaserKeepsPartiesInStep",
        "phaserTreeAdvancesTogether",
        "exchangerSwapsPairwise",
        "exchangeTimesOutAlone");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("targets")
  void passesUnderRandomAndPct(String method) throws Exception {
    RunExecutor executor =
        Harness.executor(
            Harness.testTargetsPath(),
            TargetSpec.method(ToolboxTargets.class.getName() + "::" + method),
            RunBudget.DEFAULT);
    for (Strategy strategy : new Strategy[] {new RandomWalk(11), new Pct(3, 11)}) {
      for (int run = 1; run <= RUNS; run++) {
        RunResult r = executor.execute(strategy, run);
        assertThat(r.outcome())
            .as("%s under %s, run %d: %s %s", method, strategy, run, r.failure(), r.diagnostic())
            .isEqualTo(RunResult.Outcome.PASSED);
      }
    }
  }
}
