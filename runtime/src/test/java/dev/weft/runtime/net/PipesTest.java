package dev.weft.runtime.net;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.runtime.strategy.Pct;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.runtime.strategy.ReplayStrategy;
import dev.weft.targets.fail.sockets.PipeBugs;
import dev.weft.targets.pass.sockets.PipeRelay;
import java.nio.channels.Pipe;
import org.junit.jupiter.api.Test;

/**
 * A {@code Pipe} between threads of one run is a scheduler operation, as a loopback connection is:
 * a read waits for the writer under control, a selector over pipes selects by the run's counts, a
 * race between consumers is found and replays, two threads each reading the other's pipe are a
 * deadlock at once, and a pipe a run leaves open is closed when it ends.
 */
class PipesTest {
  @Test
  void aProducerAndABlockingConsumerRunQuietly() throws Exception {
    Harness.assertEveryRunPasses(
        Harness.executor(PipeRelay.class, "producerAndBlockingConsumer"),
        "pipe",
        100,
        new RandomWalk(3),
        new Pct(3, 3));
  }

  @Test
  void aSelectorOverTwoPipesRunsQuietly() throws Exception {
    Harness.assertEveryRunPasses(
        Harness.executor(PipeRelay.class, "selectorOverTwoPipes"),
        "pipe selector",
        100,
        new RandomWalk(5),
        new Pct(3, 5));
  }

  @Test
  void aRaceBetweenTwoConsumersIsFoundAndReplays() throws Exception {
    RunExecutor ex = Harness.executor(PipeBugs.class, "consumersCountInPlainField");
    RunResult found = Harness.firstFindingWithoutSkips(ex, new RandomWalk(7), 300);
    assertThat(found).as("no lost update in 300 runs").isNotNull();
    assertThat(found.failure().message()).contains("received 1 of 2");
    RunResult replay = ex.execute(new ReplayStrategy(found.decisions()), 1);
    assertThat(replay.failure()).isNotNull();
    assertThat(replay.failure().signature()).isEqualTo(found.failure().signature());
    assertThat(replay.decisions()).isEqualTo(found.decisions());
  }

  @Test
  void twoThreadsEachReadingTheOthersPipeAreADeadlockAtOnce() throws Exception {
    RunExecutor ex = Harness.executor(PipeBugs.class, "eachWaitsForTheOthersPipe");
    long start = System.nanoTime();
    RunResult r = ex.execute(new RandomWalk(1), 1);
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertThat(r.failed()).as("%s %s", r.outcome(), r.diagnostic()).isTrue();
    assertThat(r.failure().kind()).isEqualTo(FindingKind.DEADLOCK);
    assertThat(r.failure().message()).contains("waits to read from");
    assertThat(millis).as("found by the scheduler, not by a wall-clock timeout").isLessThan(10_000);
  }

  @Test
  void aPipeTheRunLeavesOpenIsClosedWhenItEnds() throws Exception {
    RunExecutor ex = Harness.executor(PipeRelay.class, "leavesAPipeOpen");
    RunResult r = ex.execute(new RandomWalk(1), 1);
    assertThat(r.failed()).as("%s %s", r.outcome(), r.diagnostic()).isFalse();
    Pipe pipe = (Pipe) System.getProperties().remove(PipeRelay.LEFT_OPEN);
    assertThat(pipe).isNotNull();
    assertThat(pipe.source().isOpen()).isFalse();
    assertThat(pipe.sink().isOpen()).isFalse();
  }
}
