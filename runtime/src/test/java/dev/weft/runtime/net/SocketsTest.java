package dev.weft.runtime.net;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.runtime.strategy.Pct;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.runtime.strategy.ReplayStrategy;
import dev.weft.targets.fail.sockets.SocketBugs;
import dev.weft.targets.outside.OutsidePeers;
import dev.weft.targets.pass.sockets.Echo;
import dev.weft.targets.pass.sockets.SelectorServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
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

  @Test
  void aReadFromAPeerOutsideTheRunLetsTheOtherThreadsGoOn() throws Exception {
    try (ServerSocket outside = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      Thread server = new Thread(() -> serveReleases(outside), "outside server");
      server.setDaemon(true);
      server.start();
      System.setProperty("weft.test.outsidePort", Integer.toString(outside.getLocalPort()));
      try {
        RunExecutor ex = Harness.executor(OutsidePeers.class, "secondClientReleasesTheFirst");
        List<String> notes = new ArrayList<>();
        for (int run = 1; run <= 30; run++) {
          for (var strategy : new Strategy[] {new RandomWalk(run), new Pct(3, run)}) {
            RunResult r = ex.execute(strategy, run);
            assertThat(r.outcome())
                .as("run %d under %s: %s %s", run, strategy, r.failure(), r.diagnostic())
                .isEqualTo(RunResult.Outcome.PASSED);
            notes.add(r.diagnostic());
          }
        }
        assertThat(notes).allSatisfy(n -> assertThat(n).contains("outside the run"));
      } finally {
        System.clearProperty("weft.test.outsidePort");
      }
    }
  }

  /**
   * Answers "wait" only once a "release" came (one each per run), on a thread per connection, as a
   * server in another process would.
   */
  private static void serveReleases(ServerSocket outside) {
    Semaphore releases = new Semaphore(0);
    while (!outside.isClosed()) {
      Socket s;
      try {
        s = outside.accept();
      } catch (IOException closed) {
        return;
      }
      Thread handler =
          new Thread(
              () -> {
                try (s;
                    BufferedReader in =
                        new BufferedReader(
                            new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
                    PrintWriter out = new PrintWriter(s.getOutputStream(), true)) {
                  if ("release".equals(in.readLine())) {
                    releases.release();
                    out.println("ok");
                  } else {
                    releases.acquire();
                    out.println("go");
                  }
                } catch (IOException | InterruptedException e) {
                  // the run ended: the next one connects afresh
                }
              });
      handler.setDaemon(true);
      handler.start();
    }
  }
}
