package dev.weft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.corpus.FindingFiles;
import dev.weft.corpus.campaign.CorpusEntry;
import dev.weft.corpus.campaign.CorpusStore;
import dev.weft.corpus.campaign.Quarantine;
import dev.weft.fuzz.Harness;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weft fuzz} and {@code weft replay} on a fuzz target: the corpus holds (input, schedule)
 * pairs, the inputs kept for new branch edges among them; the finding replays with its input; a
 * resumed session knows the edges already reached and does not keep the same inputs again.
 */
class WeftFuzzInputsTest extends CliTestSupport {
  private static final String TARGET = "dev.weft.examples.inputs.GatedClaim::fuzzerTestOneInput";

  @TempDir Path dir;

  private static String classPath() {
    return examples() + File.pathSeparator + Harness.jazzerApiPath();
  }

  private static List<CorpusEntry> entries(Path corpus) throws Exception {
    return new CorpusStore(corpus.resolve("corpus"))
        .load(new Quarantine(corpus.resolve("quarantine"), w -> {}));
  }

  @Test
  void theCorpusHoldsInputsAndSchedulesAndAResumedSessionKnowsTheirEdges() throws Exception {
    Path corpus = dir.resolve("campaign");
    int code =
        WeftCli.execute(
            "fuzz",
            "--target",
            TARGET,
            "--cp",
            classPath(),
            "--corpus",
            corpus.toString(),
            "--iterations",
            "1500",
            "--seed",
            "5",
            "--quiet");
    assertThat(code).as(stderr()).isEqualTo(WeftCli.FOUND);

    List<CorpusEntry> first = entries(corpus);
    List<CorpusEntry> byEdges = first.stream().filter(e -> e.newEdges().length > 0).toList();
    assertThat(byEdges).hasSizeGreaterThanOrEqualTo(3); // past each of the three branches
    assertThat(byEdges).anyMatch(e -> endsWith(e.input(), 'C', 'A', 'R'));

    Path finding;
    try (Stream<Path> files = Files.list(corpus.resolve("findings"))) {
      finding =
          files
              .filter(f -> f.toString().endsWith(".weft") && !FindingFiles.isOriginal(f))
              .findFirst()
              .orElseThrow();
    }
    assertThat(endsWith(FindingFiles.read(finding).input(), 'C', 'A', 'R')).isTrue();
    clearOutput();
    assertThat(WeftCli.execute("replay", finding.toString())).as(stderr()).isEqualTo(WeftCli.FOUND);
    assertThat(stdout()).contains("consumeByte() = 82");

    clearOutput();
    WeftCli.execute("fuzz", "--corpus", corpus.toString(), "--iterations", "30", "--quiet");
    Set<String> before = first.stream().map(CorpusEntry::id).collect(Collectors.toSet());
    List<CorpusEntry> resumed =
        entries(corpus).stream().filter(e -> !before.contains(e.id())).toList();
    assertThat(stderr()).doesNotContain("weft:");
    // the seeds' inputs reach the edges the first session saved: none is kept again for them
    assertThat(resumed)
        .noneMatch(e -> endsWith(e.input(), 'C', 'A', 'R') && e.newEdges().length > 0);
  }

  /**
   * A finding made with a long input fixed: {@code tmin} cuts the input to the three bytes the
   * target reads, with the same failure, and the result replays.
   */
  @Test
  void tminShrinksTheInputKeepingTheFailure() throws Exception {
    byte[] padded = new byte[40];
    for (int i = 0; i < padded.length; i++) {
      padded[i] = (byte) (i * 37 + 11);
    }
    padded[37] = 'C';
    padded[38] = 'A';
    padded[39] = 'R';
    Path input = dir.resolve("input.bin");
    Files.write(input, padded);
    Path out = dir.resolve("found");
    int code =
        WeftCli.execute(
            "run",
            "--target",
            TARGET,
            "--cp",
            classPath(),
            "--input",
            input.toString(),
            "--fixed-input",
            "--out",
            out.toString(),
            "--iterations",
            "2000",
            "--seed",
            "3",
            "--no-minimize",
            "--quiet");
    assertThat(code).as(stderr()).isEqualTo(WeftCli.FOUND);
    Path finding;
    try (Stream<Path> files = Files.list(out)) {
      finding = files.filter(f -> f.toString().endsWith(".weft")).findFirst().orElseThrow();
    }
    assertThat(FindingFiles.read(finding).input()).hasSize(40);

    Path min = dir.resolve("min.weft");
    clearOutput();
    assertThat(WeftCli.execute("tmin", finding.toString(), "--out", min.toString()))
        .as(stderr())
        .isZero();
    assertThat(FindingFiles.read(min).input()).containsExactly('C', 'A', 'R');
    assertThat(FindingFiles.read(min).signature())
        .isEqualTo(FindingFiles.read(finding).signature());
    assertThat(stdout()).contains("input bytes", "consumeByte() = 67");
    clearOutput();
    assertThat(WeftCli.execute("replay", min.toString())).as(stderr()).isEqualTo(WeftCli.FOUND);
  }

  private static boolean endsWith(byte[] input, char... tail) {
    if (input.length < tail.length) {
      return false;
    }
    for (int i = 0; i < tail.length; i++) {
      if (input[input.length - tail.length + i] != (byte) tail[i]) {
        return false;
      }
    }
    return true;
  }
}
