package dev.weft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.corpus.campaign.StatsLine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Runs that leave a thread running which cannot be stopped: a {@code fuzz} session without {@code
 * --workers} outlives them (its JVM is replaced by one that resumes from the corpus, until the
 * session's time is spent, and the restarts are counted where the campaign's progress is read);
 * {@code run}, in its user's JVM, stops and says why on standard output.
 */
class WeftStuckRunsTest extends CliTestSupport {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void aRunLeavingAThreadRunningCostsAJvmNotTheSession() throws Exception {
    Path corpus = dir.resolve("stuck-now-and-then");
    int code =
        WeftCli.execute(
            "fuzz",
            "--main",
            "dev.weft.targets.cli.StuckNowAndThen",
            "--cp",
            targets(),
            "--corpus",
            corpus.toString(),
            "--seed",
            "1",
            // a budget of executions, not of time: on a loaded machine a JVM takes tens of seconds
            // to start and the stuck run as long to be judged, and a 20 s session (as this was)
            // then ended before its first JVM met the stuck run; 80 executions meet it (about every
            // 45th execution of a JVM) and go on in the next JVM whatever the load
            "--iterations",
            "80",
            "--stall-timeout",
            "1s");
    // the stuck thread is a hang (it ran without a scheduling point past the stall timeout): one
    // finding, however many JVMs met it
    assertThat(code).as(stderr()).isEqualTo(WeftCli.FOUND);
    // every 50th run of a JVM, replays (the check on fresh classes) counted: about every 45th
    assertThat(stderr())
        .as(stdout() + "\nstats.jsonl:\n" + Files.readString(corpus.resolve("stats.jsonl")))
        .containsPattern(
            "the session's JVM stopped \\(after run \\d+, a target thread could not be stopped")
        .contains("a new JVM resumes the session from the corpus (restart 1)");
    assertThat(stdout())
        .containsPattern(
            "session 1 done \\(iteration budget reached, its JVM restarted \\d+ times?\\)");

    List<StatsLine> lines = WeftFuzzTest.statsLines(corpus);
    assertThat(lines)
        .filteredOn(l -> l.event().equals("stop") && l.stopReason().startsWith("after run "))
        .isNotEmpty()
        .allMatch(l -> l.stopReason().contains("it runs without reaching any scheduling point"));

    clearOutput();
    assertThat(WeftCli.execute("status", corpus.toString(), "--json")).isZero();
    JsonNode status = JSON.readTree(stdout());
    // its whole budget, across the JVMs: the stuck runs cost their JVMs, not the session
    assertThat(status.get("executions").asLong()).as("the session's executions").isEqualTo(80);
    assertThat(status.get("restarts").asInt()).isPositive();
    assertThat(status.get("sessions").asInt()).isEqualTo(1);
    assertThat(status.get("findings").asInt()).isEqualTo(1);
    JsonNode first = status.get("restartList").get(0);
    long stuckRun = first.get("afterExecution").asLong();
    assertThat(stuckRun).isBetween(2L, 50L);
    assertThat(first.get("reason").asText())
        .startsWith("after run " + stuckRun + ", a target thread could not be stopped");
    clearOutput();
    assertThat(WeftCli.execute("status", corpus.toString())).isZero();
    assertThat(stdout()).contains("restarts    ").contains("worker JVM(s) replaced");
  }

  /**
   * {@code run} cannot replace its JVM: it stops after the run, says so and what goes on instead on
   * standard output, and writes its summary. In a JVM of its own, which ends the stuck thread.
   */
  @Test
  void runStopsAfterAStuckRunAndSaysSo() throws Exception {
    Path out = dir.resolve("run-out");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process run =
        new ProcessBuilder(
                java,
                "-cp",
                System.getProperty("java.class.path"),
                WeftCli.class.getName(),
                "run",
                "--main",
                "dev.weft.targets.cli.StuckInJdkCode",
                "--cp",
                targets(),
                "--iterations",
                "20",
                "--stall-timeout",
                "1s",
                "--out",
                out.toString(),
                "--quiet")
            .redirectError(dir.resolve("run.err").toFile())
            .redirectOutput(dir.resolve("run.out").toFile())
            .start();
    // 40 s at load 16 on two processors: the bound is generous, the wait ends with the JVM
    assertThat(run.waitFor(180, TimeUnit.SECONDS)).isTrue();
    String stdout = Files.readString(dir.resolve("run.out"));
    assertThat(run.exitValue()).as(stdout).isEqualTo(WeftCli.FOUND); // the hang it found
    assertThat(stdout)
        .contains("[weft] done (after run 1, a target thread could not be stopped")
        .contains("weft fuzz runs its session in a JVM of its own, replaces it after such a run");
    JsonNode summary = JSON.readTree(out.resolve("summary.json").toFile());
    assertThat(summary.get("stopReason").asText())
        .startsWith("after run 1, a target thread could not be stopped");
    assertThat(summary.get("notes").toString()).contains("replaces it after such a run");
  }
}
