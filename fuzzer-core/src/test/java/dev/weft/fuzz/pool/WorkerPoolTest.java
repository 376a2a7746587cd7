package dev.weft.fuzz.pool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.fuzz.status.StatusDisplay;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When a pool gives a worker up: its JVMs stand in for by shell processes that write the start and
 * stop lines a worker JVM writes and exit as one whose target left a thread running. Whether a JVM
 * made progress is counted by the runs its stop line reports, not by how long it lasted: on a
 * loaded machine a JVM that makes one stuck run may take a minute, and one that makes many may end
 * within seconds.
 */
class WorkerPoolTest {
  @TempDir Path dir;

  private final ByteArrayOutputStream console = new ByteArrayOutputStream();

  /**
   * JVMs that each stop after their first run, the third having taken longer than the ten seconds
   * that once counted as progress (a JVM that slow to start and to judge its run stuck is common at
   * load 20): the third is the last, and the session ends long before its time.
   */
  @Test
  void aJvmThatStopsAfterItsFirstRunMadeNoProgressHoweverLongItTook() throws Exception {
    WorkerPool pool = pool(Duration.ofSeconds(120), 1, restart -> restart == 2 ? 10.5 : 0.2);
    long start = System.nanoTime();
    assertThat(pool.run()).isEqualTo(WorkerPool.Ending.WORKERS_FAILED);
    assertThat((System.nanoTime() - start) / 1e9).as(console()).isLessThan(90);
    assertThat(pool.replacements()).isEqualTo(2);
    assertThat(pool.endReason())
        .startsWith("its JVM ended 3 times in a row having made at most one run (last exit code 5:")
        .contains("after run 1, a target thread could not be stopped");
    assertThat(console()).contains("not starting it again");
  }

  /**
   * JVMs that each make forty runs before one leaves a thread running, within a second: a campaign
   * that goes on, however often and however soon its JVMs end, is never given up.
   */
  @Test
  void jvmsThatMakeRunsBeforeTheyStopAreReplacedUntilTheBudgetIsSpent() throws Exception {
    WorkerPool pool = pool(Duration.ofSeconds(4), 40, restart -> 0.2);
    assertThat(pool.run()).isEqualTo(WorkerPool.Ending.DONE);
    assertThat(pool.replacements()).as(console()).isGreaterThanOrEqualTo(3);
    assertThat(pool.endReason()).isEqualTo("time budget reached");
    assertThat(console()).doesNotContain("not starting it again");
  }

  /**
   * A pool of one whose JVMs write a start line, wait (as long as {@code seconds} says for the
   * JVM's restart number), write a stop line that counts {@code runs} runs, the last of which left
   * a thread running, and exit as such a JVM does.
   */
  private WorkerPool pool(Duration time, long runs, IntToDoubleFunction seconds) throws Exception {
    Path log = dir.resolve("stats.jsonl");
    Files.createFile(log);
    String script =
        "printf '%s\\n' \"$1\" >> \"$3\"; sleep \"$4\"; printf '%s\\n' \"$2\" >> \"$3\"; exit "
            + WorkerExit.TARGET_STUCK;
    return new WorkerPool(
        1,
        log,
        1,
        time,
        0,
        600,
        (worker, restart, timeLeft, iterationsLeft) ->
            List.of(
                "sh",
                "-c",
                script,
                "worker",
                line("start", restart * runs, 0, null),
                line(
                    "stop",
                    (restart + 1) * runs,
                    runs,
                    "after run "
                        + runs
                        + ", a target thread could not be stopped (it runs without reaching any"
                        + " scheduling point: stuck (main.1))"),
                log.toString(),
                Double.toString(seconds.applyAsDouble(restart))),
        new StatusDisplay(
            new PrintStream(console, true, StandardCharsets.UTF_8), StatusDisplay.Mode.LINES, ""),
        true,
        0);
  }

  /** A stats line of worker 0 in session 1, as a worker JVM writes it. */
  private static String line(String event, long executions, long jvmRuns, String stopReason) {
    return "{\"schema\":1,\"time\":"
        + System.currentTimeMillis()
        + ",\"event\":\""
        + event
        + "\",\"session\":1,\"worker\":0,\"executions\":"
        + executions
        + ",\"sessionExecutions\":"
        + jvmRuns
        + ",\"seconds\":1.0,\"execsPerSecond\":1.0,\"coverageKeys\":1,\"corpusEntries\":1,"
        + "\"pendingPlans\":0,\"realisedPercent\":null,\"findings\":1,\"skipped\":0,"
        + "\"newKeysByStrategy\":{}"
        + (stopReason == null ? "" : ",\"stopReason\":\"" + stopReason + "\"")
        + "}";
  }

  private String console() {
    return console.toString(StandardCharsets.UTF_8);
  }
}
