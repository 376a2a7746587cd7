package dev.weft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.targets.cli.NamesItsThreads;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** What a run's report says agrees with its replay, and its hints name options that exist. */
class WeftCliReportTest extends CliTestSupport {
  @Test
  void aRunsReportAndItsReplayNameTheThreadsAlikeAndHintsNameTheirCommand() throws Exception {
    int code =
        WeftCli.execute(
            "run",
            "--main",
            NamesItsThreads.class.getName(),
            "--cp",
            targets(),
            "--seed",
            "1",
            "--out",
            dir.toString());
    assertThat(code).as(stderr()).isEqualTo(1);
    Path weft = findingFile(dir);
    String report = report(weft);
    String failure =
        "uncaught java.lang.IllegalStateException: failing in Thread-1 in thread Thread-1"
            + " (main.2)";
    assertThat(report)
        .contains(failure)
        .contains(
            "earlier events not shown; replay it with `weft replay "
                + weft
                + " --rows 0` to see every step)")
        .doesNotContain("use --rows 0");
    assertThat(stdout()).contains("replay with: weft replay " + weft);

    assertThat(WeftCli.execute("replay", weft.toString(), "--rows", "10")).isEqualTo(1);
    assertThat(stdout())
        .contains(failure)
        .contains("earlier events not shown; --rows 0 shows every step)");
  }
}
