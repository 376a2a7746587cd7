package dev.weft.runtime.net;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.runtime.strategy.Pct;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.runtime.strategy.ReplayStrategy;
import dev.weft.targets.fail.sockets.SocketBugs;
import dev.weft.targets.pass.sockets.Echo;
import dev.weft.targets.pass.sockets.SelectorServer;
import org.junit.jupiter.api.Test;

/**
 * Loopback sockets between threads of one run are scheduler operations: correct servers and clients
 * run quietly with no run skipped, a race between handlers is found and replays, and a server that
 * waits for a client nobody starts is a deadlock at once, not a wall-clock hang.
 */
class SocketsTest {
  @Test
  void anEchoServerAndItsClientRunQuietly() throws Exception {
    Harness.assertEveryRunPasses(
        Harness.executor(Echo.class, "echoServerAndClient"),
        "echo",
        100,
        new RandomWalk(3),
        new Pct(3, 3));
  }

  @Test
  void aSelectorServerWithTwoClientsRunsQuietly() throws Exception {
    Harness.assertEveryRunPasses(
        Harness.executor(SelectorServer.class, "selectorServesTwoClients"),
        "selector",
        100,
        new RandomWalk(5),
        new Pct(3, 5));
  }

  @Test
  void aRaceBetweenTwoHandlersIsFoundAndReplays() throws Exception {
    RunExecutor ex = Harness.executor(SocketBugs.class, "handlersCountInPlainField");
    RunResult found = Harness.firstFindingWithoutSkips(ex, new RandomWalk(7), 300);
    assertThat(found).as("no lost update in 300 runs").isNotNull();
    assertThat(found.failure().message()).contains("counted 1 requests of 2");
    for (int i = 0; i < 3; i++) {
      RunResult replay = ex.execute(new ReplayStrategy(found.decisions()), 1);
      assertThat(replay.failure()).isNotNull();
      assertThat(replay.failure().signature()).isEqualTo(found.failure().signature());
      assertThat(replay.decisions()).isEqualTo(found.decisions());
      assertThat(replay.trace().size()).isEqualTo(found.trace().size());
    }
  }

  @Test
  void aServerWaitingForAClientNobodyStartsIsADeadlockAtOnce() throws Exception {
    RunExecutor ex = Harness.executor(SocketBugs.class, "serverWaitsForSecondClient");
    long start = System.nanoTime();
    RunResult r = ex.execute(new RandomWalk(1), 1);
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertThat(r.failed()).as("%s %s", r.outcome(), r.diagnostic()).isTrue();
    assertThat(r.failure().kind()).isEqualTo(FindingKind.DEADLOCK);
    assertThat(r.failure().message()).contains("accept()").contains("read");
    assertThat(millis).as("found by the scheduler, not by a wall-clock timeout").isLessThan(10_000);
  }
}
