package dev.weft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.corpus.FindingFiles;
import dev.weft.corpus.FindingRecord;
import dev.weft.runtime.exec.TargetSpec;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code weft tmin} and the preemption count of {@code weft replay}, end to end. */
class WeftTminTest extends CliTestSupport {

  /** A FlagX finding from random walks, written as found (no minimisation). */
  private Path flagXFinding() throws Exception {
    Path findings = dir.resolve("found");
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
            "random",
            "--seed",
            "5",
            "--no-minimize",
            "--quiet",
            "--out",
            findings.toString());
    assertThat(code).as(stderr()).isEqualTo(1);
    return findingFile(findings);
  }

  private int preemptionsOnReplay(Path weft) {
    clearOutput();
    assertThat(WeftCli.execute("replay", weft.toString())).as(stdout()).isEqualTo(1);
    String line =
        stdout().lines().filter(l -> l.startsWith("preemptions: ")).findFirst().orElseThrow();
    return Integer.parseInt(line.substring("preemptions: ".length()));
  }

  @Test
  void tminWritesAFindingWithOnePreemptionThatReplays() throws Exception {
    Path found = flagXFinding();
    int before = preemptionsOnReplay(found);
    assertThat(before).as("a random walk preempts more than needed").isGreaterThan(1);

    Path min = dir.resolve("min.weft");
    clearOutput();
    int code = WeftCli.execute("tmin", found.toString(), "--out", min.toString());
    assertThat(code).as(stderr()).isZero();
    assertThat(stdout())
        .containsPattern("preemptions +" + before + " +1\\n")
        .containsPattern("threads +\\d+ +\\d+\\n")
        .containsPattern("steps +\\d+ +\\d+\\n")
        .contains("Minimised interleaving")
        .contains("FlagX.java:");
    assertThat(preemptionsOnReplay(min)).isEqualTo(1);
    assertThat(stdout()).contains("REPRODUCED");
    assertThat(FindingFiles.read(min).signature()).isEqualTo(FindingFiles.read(found).signature());
  }

  @Test
  void runWritesTheMinimisedFindingAndKeepsTheOriginalBesideIt() throws Exception {
    Path findings = dir.resolve("minimised");
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
            "random",
            "--seed",
            "5",
            "--quiet",
            "--out",
            findings.toString());
    assertThat(code).as(stderr()).isEqualTo(1);
    Path weft = findingFile(findings);
    Path orig = FindingFiles.originalBeside(weft);
    assertThat(orig).exists();
    assertThat(FindingFiles.read(weft).signature()).isEqualTo(FindingFiles.read(orig).signature());
    String report = report(weft);
    assertThat(report)
        .containsPattern("\\nMinimised from \\d+ preemptions, .* to 1 preemptions")
        .contains("Interleaving as found (" + orig.getFileName() + ")");
    assertThat(report.indexOf("Interleaving (thread columns"))
        .as("the minimised interleaving comes first")
        .isLessThan(report.indexOf("Interleaving as found"));
    assertThat(preemptionsOnReplay(weft)).isEqualTo(1);
    assertThat(preemptionsOnReplay(orig)).isGreaterThan(1);
  }

  @Test
  void fuzzWritesTheMinimisedFindingOnceAndItReplays() throws Exception {
    Path corpus = dir.resolve("campaign");
    int code =
        WeftCli.execute(
            "fuzz",
            "--main",
            "dev.weft.examples.atomicity.CircleRace",
            "--cp",
            examples(),
            "--corpus",
            corpus.toString(),
            "--strategy",
            "random",
            "--seed",
            "2",
            "--iterations",
            "200",
            "--quiet");
    assertThat(code).as(stderr()).isEqualTo(1);
    Path weft = findingFile(corpus.resolve("findings"));
    assertThat(FindingFiles.originalBeside(weft)).exists();
    assertThat(report(weft)).contains("\nMinimised from");
    assertThat(preemptionsOnReplay(weft)).isEqualTo(1);
    clearOutput();
    assertThat(WeftCli.execute("status", corpus.toString(), "--json")).isZero();
    JsonNode status = new ObjectMapper().readTree(stdout());
    assertThat(status.get("findings").asInt()).as("the original is no second finding").isEqualTo(1);
    assertThat(status.get("unreadableFiles").asInt()).isZero();
  }

  @Test
  void badInputIsRefusedWithExitTwoAndNothingWritten() throws Exception {
    Path found = flagXFinding();
    Path min = dir.resolve("min.weft");

    assertThat(
            WeftCli.execute("tmin", dir.resolve("none.weft").toString(), "--out", min.toString()))
        .isEqualTo(2);
    assertThat(stderr()).contains("no such file");

    byte[] bytes = Files.readAllBytes(found);
    ByteBuffer.wrap(bytes).putInt("WEFT-FINDING".length(), 99);
    Path newer = dir.resolve("newer.weft");
    Files.write(newer, bytes);
    clearOutput();
    assertThat(WeftCli.execute("tmin", newer.toString(), "--out", min.toString())).isEqualTo(2);
    assertThat(stderr()).contains("format version 99");

    FindingRecord r = FindingFiles.read(found);
    Path fixed = dir.resolve("fixed.weft");
    FindingFiles.write(
        new FindingRecord(
            r.weftVersion(),
            TargetSpec.main("dev.weft.examples.pct.FlagXFixed", List.of("10", "10")),
            r.classPath(),
            r.jvmOptions(),
            r.budget(),
            r.localObjects(),
            r.strategy(),
            r.seed(),
            r.execution(),
            r.decisions(),
            r.kind(),
            r.message(),
            r.signature(),
            r.details()),
        fixed);
    clearOutput();
    assertThat(WeftCli.execute("tmin", fixed.toString(), "--out", min.toString())).isEqualTo(2);
    assertThat(stderr()).contains("does not reproduce").contains("Nothing written");
    assertThat(min).doesNotExist();

    Files.writeString(min, "keep me");
    clearOutput();
    assertThat(WeftCli.execute("tmin", found.toString(), "--out", min.toString())).isEqualTo(2);
    assertThat(stderr()).contains("exists");
    assertThat(Files.readString(min)).isEqualTo("keep me");
  }
}
