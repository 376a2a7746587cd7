package dev.weft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Results (what was found, where its files went, the summary) go to standard output, so that {@code
 * weft run ... | tee} keeps them; progress and diagnostics go to standard error, for every command.
 */
class WeftCliStreamsTest extends CliTestSupport {
  private static final String[] FLAG_X = {
    "--main", "dev.weft.examples.pct.FlagX", "--args", "10", "10", "--cp", ""
  };

  private static String[] target() {
    String[] t = FLAG_X.clone();
    t[t.length - 1] = examples();
    return t;
  }

  private static String[] with(String[] first, String... more) {
    String[] all = new String[first.length + more.length];
    System.arraycopy(first, 0, all, 0, first.length);
    System.arraycopy(more, 0, all, first.length, more.length);
    return all;
  }

  @Test
  void runPrintsItsResultsOnStandardOutputAndItsProgressOnStandardError() throws Exception {
    Path out = dir.resolve("run");
    String[] args =
        with(
            with(new String[] {"run"}, target()),
            "--strategy",
            "pct",
            "--seed",
            "1",
            "--iterations",
            "200",
            "--out",
            out.toString());
    assertThat(WeftCli.execute(args)).as(stderr()).isEqualTo(1);
    Path weft = findingFile(out);
    assertThat(stdout())
        .containsSubsequence(
            "[weft] FOUND exception at execution",
            "[weft]   report: "
                + out.resolve(weft.getFileName().toString().replace(".weft", ".txt")),
            "[weft]   replay with: weft replay " + weft,
            "[weft] done (found a bug)",
            "[weft]   exception-");
    assertThat(stderr())
        .contains("[weft] target dev.weft.examples.pct.FlagX 10 10, strategy pct, seed 1")
        .contains("minimising its schedule")
        .doesNotContain("FOUND")
        .doesNotContain("[weft] done")
        .doesNotContain("replay with");
  }

  @Test
  void fuzzPrintsItsResultsOnStandardOutputAndItsProgressOnStandardError() {
    Path corpus = dir.resolve("campaign");
    String[] args =
        with(
            with(new String[] {"fuzz", "--corpus", corpus.toString()}, target()),
            "--strategy",
            "pct",
            "--seed",
            "1",
            "--iterations",
            "200",
            "--status",
            "lines");
    assertThat(WeftCli.execute(args)).as(stderr()).isEqualTo(1);
    assertThat(stdout())
        .contains("[weft] FOUND exception at execution")
        .contains("replay with: weft replay")
        .contains("[weft] session 1 done")
        .contains("[weft] resume with: weft fuzz --corpus " + corpus);
    assertThat(stderr())
        .contains("session 1 of dev.weft.examples.pct.FlagX 10 10, strategy pct")
        .doesNotContain("FOUND")
        .doesNotContain("session 1 done")
        .doesNotContain("resume with");
  }

  @Test
  void replayPrintsItsVerdictOnStandardOutput() throws Exception {
    Path out = dir.resolve("replayed");
    String[] args =
        with(
            with(new String[] {"run"}, target()),
            "--strategy",
            "pct",
            "--seed",
            "1",
            "--iterations",
            "200",
            "--no-minimize",
            "--out",
            out.toString());
    assertThat(WeftCli.execute(args)).as(stderr()).isEqualTo(1);
    clearOutput();
    assertThat(WeftCli.execute("replay", findingFile(out).toString())).isEqualTo(1);
    assertThat(stdout()).contains("REPRODUCED").contains("Interleaving");
    assertThat(stderr()).doesNotContain("REPRODUCED").doesNotContain("Interleaving");
    String interleaving = stdout().substring(stdout().indexOf("Interleaving"));
    assertThat(interleaving.lines()).allMatch(l -> l.length() <= 120, "at most 120 columns");
    assertThat(interleaving).contains("(fails here)").contains("(preempts ");
  }

  @Test
  void aUsageErrorIsOneLineAndWhereTheHelpIs() {
    assertThat(WeftCli.execute("fuzz", "--corpus", dir.toString(), "--bogus")).isEqualTo(2);
    assertThat(stderr().lines().toList())
        .hasSizeLessThanOrEqualTo(3)
        .anyMatch(l -> l.contains("--bogus"))
        .contains("see `weft fuzz --help`");
    assertThat(stdout()).isEmpty();
  }

  @Test
  void weftAloneNamesEveryCommand() {
    assertThat(WeftCli.execute()).isEqualTo(2);
    assertThat(stderr())
        .contains("missing command: run, fuzz, status, replay, tmin, cmin or dashboard")
        .contains("see `weft --help`");
  }
}
