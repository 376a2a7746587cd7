package dev.weft.runtime.sync;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.runtime.strategy.Pct;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.runtime.strategy.ReplayStrategy;
import dev.weft.targets.fail.phaser.PhaserBugs;
import dev.weft.targets.fail.stampedlock.StampedLockBugs;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Weft's {@code StampedLock} and {@code Phaser} models keep bugs reachable: an optimistic read
 * between a writer's two writes, a read right after {@code arrive()} that does not wait. Random
 * search and PCT both find them within a few hundred runs, both the failing and the passing orders
 * stay reachable, and the findings replay.
 */
class ToolboxBugsTest {
  private static final int RUNS = 300;

  static Stream<Arguments> bugs() {
    return Stream.of(
        Arguments.of(StampedLockBugs.class, "optimisticReadWithoutValidate"),
        Arguments.of(PhaserBugs.class, "readAfterArriveWithoutWaiting"));
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("bugs")
  void randomAndPctFindTheBugAndItReplays(Class<?> target, String method) throws Exception {
    RunExecutor executor = Harness.executor(target, method);
    for (Strategy strategy : new Strategy[] {new RandomWalk(5), new Pct(2, 5)}) {
      RunResult found = null;
      int passed = 0;
      for (int run = 1; run <= RUNS; run++) {
        RunResult r = executor.execute(strategy, run);
        if (r.failed()) {
          found = found == null ? r : found;
        } else {
          assertThat(r.outcome())
              .as("%s under %s, run %d: %s", method, strategy, run, r.diagnostic())
              .isEqualTo(RunResult.Outcome.PASSED);
          passed++;
        }
      }
      assertThat(found).as("%s found no bug in %s", strategy, method).isNotNull();
      assertThat(found.failure().kind()).isEqualTo(FindingKind.ASSERTION);
      assertThat(passed).as("%s: the bug needs a particular interleaving", method).isPositive();
      RunResult replay = executor.execute(new ReplayStrategy(found.decisions()), 1);
      assertThat(replay.failed()).as("replay of %s", method).isTrue();
      assertThat(replay.failure().signature()).isEqualTo(found.failure().signature());
    }
  }
}
