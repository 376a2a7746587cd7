package dev.weft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.corpus.campaign.StatsLine;
import dev.weft.corpus.campaign.WorkerLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A pool whose own process is killed outright ({@code kill -9}) runs no shutdown hook: its workers
 * must notice and stop by themselves, and no resume may run beside a worker that still lives.
 */
class WeftPoolParentGoneTest extends CliTestSupport {
  private static final String CORRECT = "dev.weft.examples.juc.BoundedBufferIfFixed";

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  private static void awaitStarts(Path corpus, long starts) throws Exception {
    // long enough for two JVMs to start on a loaded machine; the wait ends with their lines
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
    while (System.nanoTime() < deadline
        && (!Files.exists(corpus.resolve("stats.jsonl"))
            || WeftFuzzTest.statsLines(corpus).stream()
                    .filter(l -> l.event().equals("start"))
                    .count()
                < starts)) {
      Thread.sleep(100);
    }
  }

  @Test
  void workersOfAKilledPoolStopWithinSecondsAndTheResumeRunsAlone() throws Exception {
    Path corpus = dir.resolve("killed-pool");
    Process parent =
        new ProcessBuilder(
                java(),
                "-cp",
                System.getProperty("java.class.path"),
                WeftCli.class.getName(),
                "fuzz",
                "--main",
                CORRECT,
                "--cp",
                examples(),
                "--corpus",
                corpus.toString(),
                "--workers",
                "2",
                "--time",
                "300s",
                "--quiet")
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("pool.log").toFile())
            .start();
    List<ProcessHandle> workers = new ArrayList<>();
    try {
      awaitStarts(corpus, 2);
      parent
          .toHandle()
          .descendants()
          .filter(p -> p.info().commandLine().map(c -> c.contains("--worker ")).orElse(false))
          .forEach(workers::add);
      assertThat(workers).as(Files.readString(dir.resolve("pool.log"))).hasSize(2);
      parent.toHandle().destroyForcibly(); // SIGKILL: no shutdown hook runs in the pool
      assertThat(parent.waitFor(30, TimeUnit.SECONDS)).isTrue();

      // a worker notices within a second and halts 15 s later at the latest if its stop hangs;
      // 40 s leaves room for a loaded machine and still fails a worker that fuzzes on
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(40);
      while (System.nanoTime() < deadline && workers.stream().anyMatch(ProcessHandle::isAlive)) {
        Thread.sleep(100);
      }
      assertThat(workers)
          .as("workers still alive 40 s after their pool was killed")
          .noneMatch(ProcessHandle::isAlive);
    } finally {
      parent.toHandle().destroyForcibly();
      workers.forEach(ProcessHandle::destroyForcibly);
    }
    assertThat(WorkerLock.liveHolders(corpus.resolve("workers"))).isEmpty();

    int code = WeftCli.execute("fuzz", "--corpus", corpus.toString(), "--iterations", "20");
    assertThat(code).as(stderr()).isZero();
    assertThat(stderr())
        .contains("taking over the stale lock")
        .doesNotContain("still being fuzzed");
    List<StatsLine> lines = WeftFuzzTest.statsLines(corpus);
    int resumed = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).session() == 2 && lines.get(i).event().equals("start")) {
        resumed = i;
        break;
      }
    }
    assertThat(resumed).as("the resume wrote its start line").isPositive();
    assertThat(lines.subList(resumed, lines.size()))
        .as("no line of the killed pool's session after the resume started")
        .allMatch(l -> l.session() == 2);
  }

  @Test
  void aResumeIsRefusedWhileAWorkerOfTheCampaignStillRuns() throws Exception {
    Path corpus = dir.resolve("live-worker");
    assertThat(
            WeftCli.execute(
                "fuzz",
                "--main",
                CORRECT,
                "--cp",
                examples(),
                "--corpus",
                corpus.toString(),
                "--iterations",
                "3",
                "--quiet"))
        .as(stderr())
        .isZero();
    // a worker as a pool starts it, its pool alive (this JVM) and holding the campaign's lock
    Files.writeString(corpus.resolve("lock"), ProcessHandle.current().pid() + "\n");
    Process worker =
        new ProcessBuilder(
                java(),
                "-cp",
                System.getProperty("java.class.path"),
                WeftCli.class.getName(),
                "fuzz",
                "--corpus",
                corpus.toString(),
                "--worker",
                "0",
                "--session",
                "2",
                "--pool-parent",
                Long.toString(ProcessHandle.current().pid()),
                "--time",
                "300s",
                "--quiet")
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("worker.log").toFile())
            .start();
    try {
      awaitStarts(corpus, 2);
      assertThat(WorkerLock.liveHolders(corpus.resolve("workers")))
          .as(Files.readString(dir.resolve("worker.log")))
          .containsExactly(worker.pid());
      // the pool's lock now names a process that is gone, as after kill -9 of the pool
      Files.writeString(corpus.resolve("lock"), "2147483646\n");
      clearOutput();

      int code = WeftCli.execute("fuzz", "--corpus", corpus.toString(), "--iterations", "3");

      assertThat(code).as(stderr()).isEqualTo(2);
      assertThat(stderr())
          .contains("is still being fuzzed by worker process(es) [" + worker.pid() + "]")
          .contains("resume when they have");
      assertThat(WeftFuzzTest.statsLines(corpus))
          .as("the refused resume ran nothing")
          .noneMatch(l -> l.session() == 3);
      assertThat(worker.isAlive()).isTrue();
    } finally {
      worker.destroyForcibly();
      worker.waitFor(30, TimeUnit.SECONDS);
    }
  }
}
