package dev.weft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code run} wakes waiting threads spuriously by default, and not with the option that says so;
 * the report marks the wait that returned spuriously.
 */
class WeftSpuriousWakeupsTest extends CliTestSupport {
  private int run(Path out, String... more) {
    String[] base = {
      "run",
      "--main",
      "dev.weft.targets.cli.IfGuardedWait",
      "--cp",
      targets(),
      "--seed",
      "3",
      "--iterations",
      "300",
      "--out",
      out.toString()
    };
    return WeftCli.execute(with(base, more));
  }

  /** The finding is minimised too: the minimised schedule keeps the spurious wake-up it needs. */
  @Test
  void theDefaultStrategyFindsAnIfGuardedWaitAndTheFindingReplays() throws Exception {
    Path findings = dir.resolve("on");
    assertThat(run(findings)).as(stderr()).isEqualTo(1);
    assertThat(stdout()).contains("woke with no value");
    assertThat(report(findingFile(findings))).contains("wait returns spuriously");
    assertThat(WeftCli.execute("replay", findingFile(findings).toString())).isEqualTo(1);
    assertThat(stdout())
        .contains("REPRODUCED")
        .contains("woke with no value")
        .contains("wait returns spuriously");
  }

  @Test
  void withoutSpuriousWakeupsTheSameProgramPasses() {
    assertThat(run(dir.resolve("off"), "--no-spurious-wakeups")).as(stdout()).isEqualTo(0);
  }

  /** {@code fuzz} too: the campaign records the choice, so its worker JVMs and resumes keep it. */
  @Test
  void aFuzzCampaignWithoutSpuriousWakeupsRecordsItAndFindsNothing() throws Exception {
    Path on = dir.resolve("fuzz-on");
    Path off = dir.resolve("fuzz-off");
    String[] campaign = {
      "fuzz",
      "--main",
      "dev.weft.targets.cli.IfGuardedWait",
      "--cp",
      targets(),
      "--seed",
      "3",
      "--iterations",
      "300"
    };
    assertThat(WeftCli.execute(with(campaign, "--corpus", on.toString())))
        .as(stdout() + stderr())
        .isEqualTo(1);
    assertThat(Files.list(on.resolve("findings")).filter(p -> p.toString().endsWith(".weft")))
        .as("the default campaign finds the if-guarded wait")
        .isNotEmpty();
    assertThat(WeftCli.execute(with(campaign, "--corpus", off.toString(), "--no-spurious-wakeups")))
        .isZero();
    assertThat(Files.readString(off.resolve("campaign.json")))
        .contains("\"-Dweft.spuriousWakeups=off\"");
    assertThat(Files.list(off.resolve("findings")).filter(p -> p.toString().endsWith(".weft")))
        .isEmpty();
  }

  private static String[] with(String[] base, String... more) {
    String[] all = new String[base.length + more.length];
    System.arraycopy(base, 0, all, 0, base.length);
    System.arraycopy(more, 0, all, base.length, more.length);
    return all;
  }

  @Test
  void helpNamesTheOption() {
    WeftCli.execute("run", "--help");
    assertThat(stdout() + stderr()).contains("--no-spurious-wakeups");
  }
}
