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
import dev.weft.targets.fail.aqs.OwnSynchronizerBugs;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A program's own synchronizers built on {@code AbstractQueuedSynchronizer} and {@code
 * AbstractQueuedLongSynchronizer} run under Weft's control: a thread that must wait in {@code
 * acquire} or {@code await} waits at a scheduling point, not parked inside the JDK, so a misuse
 * that hangs in some interleavings is a deadlock finding that says who waits for what, other
 * interleavings pass, no run is skipped, and the finding replays. (Their correct twins, in {@code
 * dev.weft.targets.pass.aqs}, pass every run of {@code ToolboxSemanticsTest}.)
 */
class OwnSynchronizersTest {
  private static final int RUNS = 300;

  static Stream<Arguments> bugs() {
    return Stream.of(
        Arguments.of("ownSemaphoreTakenInTwoStepsDeadlocks", "no release will wake it"),
        Arguments.of("ownMutexLostSignal", "nobody will signal it"),
        Arguments.of("longGateLostArrival", "no release will wake it"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("bugs")
  void theHangIsADeadlockFindingThatReplays(String method, String waitWords) throws Exception {
    RunExecutor executor = Harness.executor(OwnSynchronizerBugs.class, method);
    for (Strategy strategy : new Strategy[] {new RandomWalk(3), new Pct(2, 3)}) {
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
      assertThat(found.failure().kind()).isEqualTo(FindingKind.DEADLOCK);
      assertThat(found.failure().details()).contains(waitWords);
      assertThat(passed).as("%s: the hang needs a particular interleaving", method).isPositive();
      RunResult replay = executor.execute(new ReplayStrategy(found.decisions()), 1);
      assertThat(replay.failed()).as("replay of %s", method).isTrue();
      assertThat(replay.failure().signature()).isEqualTo(found.failure().signature());
    }
  }
}
