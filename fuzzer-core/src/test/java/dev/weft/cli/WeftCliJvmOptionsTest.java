package dev.weft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.targets.cli.NeedsProperty;
import dev.weft.targets.cli.ReflectsIntoJdk;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code --jvm-opt}: the options reach the target's JVM (a child JVM, since this one was started
 * without them), are recorded with each finding and used again by replay; a refused reflective
 * access names the option that allows it.
 */
class WeftCliJvmOptionsTest extends CliTestSupport {
  private static final String CONFIGURED = "-D" + NeedsProperty.PROPERTY + "=yes";
  private static final String ATOMIC_OPENS = "java.base/java.util.concurrent.atomic=ALL-UNNAMED";

  private int run(Path out, String main, String... more) {
    String[] base = {
      "run", "--main", main, "--cp", targets(), "--iterations", "3", "--out", out.toString()
    };
    String[] all = new String[base.length + more.length];
    System.arraycopy(base, 0, all, 0, base.length);
    System.arraycopy(more, 0, all, base.length, more.length);
    return WeftCli.execute(all);
  }

  @Test
  void anOptionReachesTheTargetAndItsReplayUsesTheRecordedOption() throws Exception {
    assertThat(run(dir.resolve("without"), NeedsProperty.class.getName()))
        .as("without the property the program is correct: %s", stderr())
        .isZero();

    Path findings = dir.resolve("with");
    assertThat(run(findings, NeedsProperty.class.getName(), "--jvm-opt", CONFIGURED))
        .as(stderr())
        .isEqualTo(1);
    assertThat(stdout()).contains("configured with yes"); // the finding's message
    assertThat(Files.readString(findings.resolve("summary.json")))
        .contains("\"jvmOptions\": [\n    \"" + CONFIGURED + "\"\n  ]");
    Path weft = findingFile(findings);
    assertThat(report(weft)).contains("JVM options: " + CONFIGURED);

    clearOutput();
    assertThat(WeftCli.execute("replay", weft.toString())).as(stdout() + stderr()).isEqualTo(1);
    assertThat(stdout())
        .contains("with JVM options " + CONFIGURED)
        .contains("configured with yes")
        .contains("REPRODUCED");
  }

  /** {@code fuzz}, which leaves its option list unset until given, takes one too (an NPE was). */
  @Test
  void aFuzzCampaignTakesAnOptionAndRecordsIt() throws Exception {
    Path corpus = dir.resolve("campaign");
    int code =
        WeftCli.execute(
            "fuzz",
            "--main",
            NeedsProperty.class.getName(),
            "--cp",
            targets(),
            "--corpus",
            corpus.toString(),
            "--iterations",
            "3",
            "--jvm-opt",
            CONFIGURED);
    assertThat(code).as(stderr()).isEqualTo(1);
    assertThat(Files.readString(corpus.resolve("campaign.json"))).contains(CONFIGURED);
  }

  @Test
  void aValueThatIsNoJvmOptionIsAUsageError() {
    assertThat(run(dir, NeedsProperty.class.getName(), "--jvm-opt", "Xmx1g")).isEqualTo(2);
    assertThat(stderr()).contains("--jvm-opt takes an option of the JVM").contains("'Xmx1g'");
    assertThat(run(dir, NeedsProperty.class.getName(), "--jvm-opt", "-cp", "x")).isEqualTo(2);
    assertThat(stderr()).contains("the target's classes go in --cp");
  }

  @Test
  void aRefusedReflectiveAccessNamesTheAddOpensThatAllowsIt() throws Exception {
    Path findings = dir.resolve("refused");
    assertThat(run(findings, ReflectsIntoJdk.class.getName())).as(stderr()).isEqualTo(1);
    String hint = "--jvm-opt --add-opens=" + ATOMIC_OPENS;
    assertThat(stdout()).contains(hint);
    assertThat(report(findingFile(findings)))
        .contains("InaccessibleObjectException")
        .contains(hint);

    // the option as users write it for java, in two words, is the fix
    assertThat(
            run(
                dir.resolve("opened"),
                ReflectsIntoJdk.class.getName(),
                "--jvm-opt",
                "--add-opens",
                ATOMIC_OPENS))
        .as(stderr())
        .isZero();
  }
}
