package dev.weft.runtime.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.examples.Catalog;
import dev.weft.examples.Example;
import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.strategy.Pct;
import dev.weft.runtime.strategy.ReplayStrategy;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** PCT finds every bundled bug with the expected verdict, and every finding replays exactly. */
class ExampleBugsTest {
  /** Runs per depth; bugs of depth d need PCT with at least d, so the depths are tried in turn. */
  private static final int RUNS_PER_DEPTH = 5_000;

  private static final int[] DEPTHS = {2, 3, 4};
  private static final int REPLAYS = 10;

  static Stream<Example> buggy() {
    return Catalog.buggy().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("buggy")
  void pctFindsTheBugAndItReplaysTenTimesOutOfTen(Example example) throws Exception {
    RunExecutor executor = Harness.forExample(example);
    FindingKind expected = expectedKind(example);
    RunResult found = null;
    for (int depth : DEPTHS) {
      Pct pct = new Pct(depth, 7);
      for (int run = 1; run <= RUNS_PER_DEPTH && found == null; run++) {
        RunResult r = executor.execute(pct, run);
        assertThat(r.outcome())
            .as("%s run %d: %s", example, run, r.diagnostic())
            .isNotIn(RunResult.Outcome.SKIPPED, RunResult.Outcome.DIVERGED);
        // a run may also show a race (the race oracle reports it on every run with both calls)
        if (r.failures().stream().anyMatch(f -> f.kind() == expected)) {
          found = r;
        }
      }
    }
    assertThat(found).as("PCT found no %s in %s", expected.label(), example).isNotNull();
    Failure bug = found.failures().stream().filter(f -> f.kind() == expected).findFirst().get();
    if (bug.kind() == FindingKind.DEADLOCK) {
      String message = bug.message();
      assertThat(message).contains("main.1").contains(".java:");
      assertThat(message.lines().filter(l -> l.contains(" waits ")).count())
          .as("the waiting threads are named: %s", message)
          .isGreaterThanOrEqualTo(2);
    }
    for (int i = 0; i < REPLAYS; i++) {
      RunResult replay = executor.execute(new ReplayStrategy(found.decisions()), i + 1);
      assertThat(replay.failed()).as("replay %d of %s: %s", i, example, replay.outcome()).isTrue();
      assertThat(replay.failure(bug.signature())).as("replay %d of %s", i, example).isNotNull();
      assertThat(replay.trace().size()).isEqualTo(found.trace().size());
    }
  }

  private static FindingKind expectedKind(Example example) {
    switch (example.expected()) {
      case EXCEPTION:
        return FindingKind.EXCEPTION;
      case ASSERTION:
        return FindingKind.ASSERTION;
      case DEADLOCK:
        return FindingKind.DEADLOCK;
      default:
        throw new IllegalArgumentException(example.toString());
    }
  }
}
