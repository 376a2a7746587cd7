package dev.weft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.corpus.FindingFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The command line end to end: exit codes, files written, replay, and bad input. */
class WeftCliTest extends CliTestSupport {
  @Test
  void runFindsWritesSummaryAndReplayReproduces() throws Exception {
    Path findings = dir.resolve("findings");
    int code =
        WeftCli.execute(
            "run",
            "--main",
            "dev.weft.examples.pct.FlagX",
            "--cp",
            examples(),
            "--args",
            "10",
            "10",
            "--strategy",
            "pct",
            "--depth",
            "2",
            "--seed",
            "1",
            "--out",
            findings.toString());
    assertThat(code).as(stderr()).isEqualTo(1);
    String summary = Files.readString(findings.resolve("summary.json"));
    assertThat(summary)
        .contains("\"target\": \"dev.weft.examples.pct.FlagX 10 10\"")
        .contains("\"strategy\": \"pct(d=2)\"")
        .contains("\"seed\": 1")
        .contains("\"kind\": \"exception\"")
        .contains("\"firstFoundAt\"")
        .containsPattern("\"secondsToFind\": [0-9]")
        .containsPattern("\"instrumentedClasses\": [1-9]")
        .contains("\"skippedClasses\": {}")
        .contains("NullPointerException");
    // the finding is announced before its minimisation, which can take seconds, not after it
    assertThat(stdout()).containsSubsequence("FOUND exception", "report: ", "replay with");
    assertThat(stderr()).contains("minimising its schedule for at most 5 s");
    Path weft = findingFile(findings);
    assertThat(report(weft)).contains("FlagX.java:");

    assertThat(WeftCli.execute("replay", weft.toString())).isEqualTo(1);
    assertThat(stdout()).contains("REPRODUCED").contains("FlagX.java:").contains("main.2");
    // a short header: the strategy's name; its settings with --verbose
    assertThat(stdout()).contains("(found by pct, seed 1, execution");
    clearOutput();
    assertThat(WeftCli.execute("replay", "--verbose", weft.toString())).isEqualTo(1);
    assertThat(stdout()).contains("(found by pct(d=2), seed 1, execution");
  }

  @Test
  void segmentStrategyReportsCoverageAndItsFindingReplays() throws Exception {
    Path findings = dir.resolve("segment");
    int code =
        WeftCli.execute(
            "run",
            "--main",
            "dev.weft.examples.atomicity.CircleRace",
            "--cp",
            examples(),
            "--strategy",
            "segment",
            "--seed",
            "3",
            "--iterations",
            "500",
            "--out",
            findings.toString());
    assertThat(code).as(stderr()).isEqualTo(1);
    assertThat(stderr()).contains("strategy segment,").doesNotContain("segment(");
    assertThat(stdout())
        .containsPattern("coverage [0-9,]+ keys, [0-9,]+ planned interleavings waiting");
    String summary = Files.readString(findings.resolve("summary.json"));
    assertThat(summary).contains("\"coverageKeys\"").contains("\"targetsRealised\"");
    Path weft = findingFile(findings);
    assertThat(WeftCli.execute("replay", weft.toString())).isEqualTo(1);
    assertThat(stdout()).contains("REPRODUCED");
  }

  @Test
  void findingsRecordWhetherLocalObjectsWereTrackedAndReplayThatWay() throws Exception {
    for (String setting : new String[] {"on", "off"}) {
      Path findings = dir.resolve("locals-" + setting);
      int code =
          WeftCli.execute(
              "run",
              "--main",
              "dev.weft.targets.cli.HandsOverLocal",
              "--cp",
              targets(),
              "--strategy",
              "random",
              "--local-objects",
              setting,
              "--seed",
              "5",
              "--iterations",
              "2000",
              "--out",
              findings.toString());
      assertThat(code).as(stderr()).isEqualTo(1);
      Path weft = findingFile(findings);
      assertThat(FindingFiles.read(weft).localObjects()).isEqualTo(setting.equals("on"));
      String summary = Files.readString(findings.resolve("summary.json"));
      assertThat(summary)
          .contains("\"tracked\": " + setting.equals("on"))
          .contains("\"missedEscapes\": 0");
      assertThat(summary.contains("\"accessesWithoutPoint\": 0"))
          .as("accesses to the counter while it was local")
          .isEqualTo(setting.equals("off"));
      assertThat(WeftCli.execute("replay", weft.toString())).as(setting).isEqualTo(1);
      assertThat(stdout()).contains("REPRODUCED");
    }
    assertThat(
            WeftCli.execute(
                "run",
                "--main",
                "dev.weft.examples.pct.FlagX",
                "--cp",
                examples(),
                "--local-objects",
                "maybe",
                "--out",
                dir.resolve("refused").toString()))
        .isEqualTo(WeftCli.USAGE);
    assertThat(stderr()).contains("--local-objects takes on or off, not 'maybe'");
  }

  @Test
  void threadBoundingIsAnOptionOfPctAndPctvbOnly() throws Exception {
    Path findings = dir.resolve("bounded");
    int code =
        WeftCli.execute(
            "run",
            "--main",
            "dev.weft.examples.pct.FlagX",
            "--args",
            "10",
            "10",
            "--cp",
            examples(),
            "--strategy",
            "pctvb",
            "--threads-bound",
            "1",
            "--seed",
            "3",
            "--iterations",
            "3000",
            "--no-minimize",
            "--verbose",
            "--out",
            findings.toString());
    assertThat(code).as(stderr()).isEqualTo(1);
    assertThat(stderr()).contains("pctvb(d=3, v=2, t=1)");
    assertThat(
            WeftCli.execute(
                "run",
                "--main",
                "dev.weft.examples.pct.FlagX",
                "--cp",
                examples(),
                "--strategy",
                "random",
                "--threads-bound",
                "1",
                "--out",
                dir.resolve("refused").toString()))
        .isEqualTo(WeftCli.USAGE);
    assertThat(stderr()).contains("--threads-bound applies to pct and pctvb, not to random");
  }

  @Test
  void oneRunGivesTheExceptionAndTheDeadlockItCausesAndEachReplays() throws Exception {
    Path findings = dir.resolve("two");
    int code =
        WeftCli.execute(
            "run",
            "--main",
            "dev.weft.targets.fail.threads.WorkerDiesMainWaits",
            "--cp",
            targets(),
            "--keep-going",
            "--iterations",
            "3",
            "--out",
            findings.toString());
    assertThat(code).as(stderr()).isEqualTo(1);
    Path exception = onlyFile(findings, "exception-", ".weft");
    Path deadlock = onlyFile(findings, "deadlock-", ".weft");
    String report = Files.readString(Path.of(deadlock.toString().replace(".weft", ".txt")));
    assertThat(report)
        .contains("main")
        .contains("await")
        .contains("The same run also failed with: uncaught java.lang.NumberFormatException");
    String summary = Files.readString(findings.resolve("summary.json"));
    assertThat(summary).contains("\"firstFoundAt\": 1");
    assertThat(WeftCli.execute("replay", deadlock.toString())).isEqualTo(1);
    assertThat(WeftCli.execute("replay", exception.toString())).isEqualTo(1);
    assertThat(stdout())
        .contains("REPRODUCED: the same deadlock")
        .contains("REPRODUCED: the same exception");
  }

  /**
   * A lock-order deadlock's report marks a step of a thread in the cycle as the failing one, not
   * the main thread's last step (its start of the second thread) while it only waits in join(): the
   * step it blocks on (the inner lock, lines 20 and 28), which never ran and follows the trace, as
   * do the other threads' blocking steps.
   */
  @Test
  void aDeadlocksFailingStepIsAThreadOfTheCycle() throws Exception {
    Path findings = dir.resolve("lock-order");
    int code =
        WeftCli.execute(
            "run",
            "--main",
            "dev.weft.examples.deadlock.LockOrderDeadlock",
            "--cp",
            examples(),
            "--seed",
            "1",
            "--iterations",
            "200",
            "--out",
            findings.toString());
    assertThat(code).as(stderr()).isEqualTo(1);
    String report =
        Files.readString(
            Path.of(onlyFile(findings, "deadlock-", ".weft").toString().replace(".weft", ".txt")));
    String failing =
        report.lines().filter(l -> l.contains("(fails here)")).findFirst().orElseThrow();
    assertThat(failing)
        .doesNotContain("start")
        .contains("(blocks)  (fails here)")
        .containsPattern("LockOrderDeadlock\\.java:(20|28)");
    assertThat(report.lines().filter(l -> l.endsWith("(blocks)"))).hasSize(2); // T1 or T2, main
    assertThat(report).containsPattern("T[12] \\(main\\.[12]\\) waits to lock");
  }

  private static Path onlyFile(Path dir, String prefix, String suffix) throws Exception {
    try (Stream<Path> files = Files.list(dir)) {
      java.util.List<Path> found =
          files
              .filter(p -> p.getFileName().toString().startsWith(prefix))
              .filter(p -> p.toString().endsWith(suffix))
              .filter(p -> !FindingFiles.isOriginal(p))
              .toList();
      assertThat(found).as("%s*%s in %s", prefix, suffix, dir).hasSize(1);
      return found.get(0);
    }
  }

  @Test
  void aLongRunIsPlannedInWindowsOfTheGraphBudgetAndSaidSo() throws Exception {
    Path findings = dir.resolve("long");
    int code =
        WeftCli.execute(
            "run",
            "--main",
            "dev.weft.targets.fail.fields.LongRunDoubleRead",
            "--cp",
            targets(),
            "--args",
            "10000",
            "--graph-events",
            "5000",
            "--seed",
            "2",
            "--iterations",
            "100",
            "--out",
            findings.toString());
    assertThat(code).as(stderr()).isEqualTo(1);
    assertThat(stderr())
        .containsPattern(
            "note: run 1 has 40,0[0-9][0-9] events, more than the graph budget of 5,000");
    String summary = Files.readString(findings.resolve("summary.json"));
    assertThat(summary)
        .contains("x changed between two reads")
        .contains("\"graphBudget\": 5000")
        .containsPattern("\"largestGraph\": [45][0-9]{3},")
        .containsPattern("\"notes\": \\[\\s*\"run 1 has 40,0[0-9][0-9] events");
    assertThat(WeftCli.execute("run", "--main", "a.B", "--cp", examples(), "--graph-events", "10"))
        .isEqualTo(2);
    assertThat(stderr()).contains("--graph-events must be at least 1000");
  }

  @Test
  void correctProgramExitsZero() {
    int code =
        WeftCli.execute(
            "run",
            "--main",
            "dev.weft.examples.join.MissingJoinFixed",
            "--cp",
            examples(),
            "--iterations",
            "300",
            "--out",
            dir.toString(),
            "--quiet");
    assertThat(code).as(stderr()).isZero();
  }

  @Test
  void usageAndConfigurationErrorsExitTwo() throws Exception {
    assertThat(WeftCli.execute("run", "--main", "x.Y")).isEqualTo(2);
    assertThat(
            WeftCli.execute(
                "run",
                "--main",
                "com.example.Missing",
                "--cp",
                examples(),
                "--out",
                dir.toString()))
        .isEqualTo(2);
    assertThat(stderr()).contains("com.example.Missing").contains("not found");
    // --help promises summary.json in every case: a class that is not there is one
    assertThat(Files.readString(dir.resolve("summary.json")))
        .contains("\"stopReason\": \"configuration error: ")
        .contains("com.example.Missing");
    assertThat(WeftCli.execute("run", "--main", "a.B", "--cp", dir.resolve("nope").toString()))
        .isEqualTo(2);
    assertThat(stderr()).contains("does not exist");
    assertThat(WeftCli.execute("run", "--main", "a.B", "--cp", examples(), "--strategy", "bogus"))
        .isEqualTo(2);
    assertThat(stderr()).contains("unknown strategy");
    assertThat(WeftCli.execute("run", "--target", "NoSeparator", "--cp", examples())).isEqualTo(2);
  }

  @Test
  void corruptOrMissingReplayFileExitsTwoWithAClearMessage() throws Exception {
    Path bogus = dir.resolve("bogus.weft");
    Files.writeString(bogus, "this is certainly not a finding file, it is far too chatty");
    assertThat(WeftCli.execute("replay", bogus.toString())).isEqualTo(2);
    assertThat(stderr()).contains("not a Weft finding file");
    assertThat(WeftCli.execute("replay", dir.resolve("absent.weft").toString())).isEqualTo(2);
    assertThat(stderr()).contains("no such file");
  }
}
