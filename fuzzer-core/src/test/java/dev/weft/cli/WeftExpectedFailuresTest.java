package dev.weft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.corpus.FindingFiles;
import dev.weft.examples.failure.ExitOnCorruptBalance;
import dev.weft.examples.failure.ExitWhenDone;
import dev.weft.examples.failure.InjectedFaultDeadlock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Failures a program makes on purpose or by exiting: {@code --ignore-exception} lets the search
 * look past an injected fault to the deadlock after it, a fault found in every run is said to be
 * so, and {@code System.exit} with a non-zero status is an {@code exit} finding end to end.
 */
class WeftExpectedFailuresTest extends CliTestSupport {
  private static final String FAULT = InjectedFaultDeadlock.class.getName();
  private static final String FAULT_CLASS = FAULT + "$InjectedFault";

  private static List<String> findingNames(Path findings) throws IOException {
    try (Stream<Path> files = Files.list(findings)) {
      return files
          .map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".weft") && !FindingFiles.isOriginal(Path.of(n)))
          .sorted()
          .toList();
    }
  }

  @Test
  void aFaultInTheFirstRunStopsTheSearchWithAHintAtTheOption() {
    int code =
        WeftCli.execute(
            "run", "--main", FAULT, "--cp", examples(), "--out", dir.resolve("out").toString());

    assertThat(code).as(stderr()).isEqualTo(1);
    assertThat(stdout()).contains("first at execution 1");
    assertThat(stderr())
        .contains("--ignore-exception " + FAULT_CLASS + " lets the search go on past it");
  }

  @Test
  void aFaultFoundInEveryRunIsSaidToBe() throws Exception {
    Path out = dir.resolve("out");
    int code =
        WeftCli.execute(
            "run",
            "--main",
            FAULT,
            "--cp",
            examples(),
            "--out",
            out.toString(),
            "--keep-going",
            "--iterations",
            "30",
            "--seed",
            "3");

    assertThat(code).as(stderr()).isEqualTo(1);
    assertThat(stderr()).contains("was found in every run (20 of 20): expected?");
    assertThat(stdout()).contains("(found in every run: expected? see --ignore-exception)");
    assertThat(Files.readString(out.resolve("summary.json")))
        .contains(
            "was found in every run (30 of 30): expected? If the program throws " + FAULT_CLASS);
  }

  @Test
  void anIgnoredFaultLetsTheDeadlockBeFoundAndReplayJudgesAlike() throws Exception {
    Path out = dir.resolve("out");
    int code =
        WeftCli.execute(
            "run",
            "--main",
            FAULT,
            "--cp",
            examples(),
            "--out",
            out.toString(),
            "--ignore-exception",
            "java.io.UncheckedIOException",
            "--iterations",
            "500",
            "--seed",
            "3");

    assertThat(code).as(stderr()).isEqualTo(1);
    assertThat(findingNames(out)).singleElement().asString().startsWith("deadlock-");
    assertThat(Files.readString(out.resolve("summary.json")).replaceAll("\\s+", ""))
        .contains("\"ignoredExceptions\":[\"java.io.UncheckedIOException\"]");

    clearOutput();
    Path weft = findingFile(out);
    assertThat(WeftCli.execute("replay", weft.toString())).as(stdout()).isEqualTo(1);
    assertThat(stdout())
        .contains("ignoring java.io.UncheckedIOException")
        .contains("REPRODUCED: the same deadlock")
        .doesNotContain("The same run also failed with");
  }

  @Test
  void aFuzzCampaignRecordsTheIgnoredExceptionsAndItsResumeKeepsThem() throws Exception {
    Path corpus = dir.resolve("campaign");
    int code =
        WeftCli.execute(
            "fuzz",
            "--main",
            FAULT,
            "--cp",
            examples(),
            "--corpus",
            corpus.toString(),
            "--ignore-exception",
            "java.io.UncheckedIOException",
            "--iterations",
            "300",
            "--seed",
            "5");
    assertThat(code).as(stderr()).isEqualTo(1);
    assertThat(Files.readString(corpus.resolve("campaign.json")))
        .contains("\"ignoreExceptions\" : [ \"java.io.UncheckedIOException\" ]");
    assertThat(findingNames(corpus.resolve("findings")))
        .singleElement()
        .asString()
        .startsWith("deadlock-");

    clearOutput();
    assertThat(WeftCli.execute("fuzz", "--corpus", corpus.toString(), "--iterations", "30"))
        .as(stderr())
        .isEqualTo(1);
    assertThat(findingNames(corpus.resolve("findings")))
        .singleElement()
        .asString()
        .startsWith("deadlock-");
    assertThat(stdout() + stderr()).doesNotContain("exception-");
  }

  @Test
  void withoutTheOptionAFuzzSessionSaysTheFaultIsInEveryRun() {
    int code =
        WeftCli.execute(
            "fuzz",
            "--main",
            FAULT,
            "--cp",
            examples(),
            "--corpus",
            dir.resolve("campaign").toString(),
            "--iterations",
            "25",
            "--status",
            "lines");

    assertThat(code).as(stderr()).isEqualTo(1);
    assertThat(stderr())
        .contains(
            "was found in every run (20 of 20): expected? If the program throws " + FAULT_CLASS)
        .contains("was found in every run (25 of 25)");
  }

  @Test
  void exitThreeFromAThreadIsAnExitFindingThatReplaysMinimisesAndShowsInStatus() throws Exception {
    Path corpus = dir.resolve("campaign");
    int code =
        WeftCli.execute(
            "fuzz",
            "--main",
            ExitOnCorruptBalance.class.getName(),
            "--cp",
            examples(),
            "--corpus",
            corpus.toString(),
            "--iterations",
            "300",
            "--seed",
            "7");
    assertThat(code).as(stderr()).isEqualTo(1);
    assertThat(stdout()).contains("FOUND exit at execution").contains("System.exit(3)");
    Path weft = findingFile(corpus.resolve("findings"));
    assertThat(weft.getFileName().toString()).startsWith("exit-");
    assertThat(report(weft)).contains("ExitOnCorruptBalance.withdraw");

    clearOutput();
    assertThat(WeftCli.execute("replay", weft.toString())).as(stdout()).isEqualTo(1);
    assertThat(stdout()).contains("REPRODUCED: the same exit");

    clearOutput();
    Path min = dir.resolve("min.weft");
    assertThat(WeftCli.execute("tmin", weft.toString(), "--out", min.toString()))
        .as(stdout() + stderr())
        .isZero();
    assertThat(FindingFiles.read(min).kind().label()).isEqualTo("exit");

    clearOutput();
    assertThat(WeftCli.execute("status", corpus.toString(), "--json")).as(stderr()).isZero();
    assertThat(stdout().replaceAll("\\s+", "")).contains("\"kind\":\"exit\"");
  }

  @Test
  void exitZeroIsNoFindingAndSaysThreadsWereStillRunning() {
    int code =
        WeftCli.execute(
            "run",
            "--main",
            ExitWhenDone.class.getName(),
            "--cp",
            examples(),
            "--out",
            dir.resolve("out").toString(),
            "--iterations",
            "20");

    assertThat(code).as(stderr()).isZero();
    assertThat(stdout()).contains("0 finding(s)");
    assertThat(stderr()).contains("called System.exit(0) while 1 other thread(s) still ran");
  }
}
