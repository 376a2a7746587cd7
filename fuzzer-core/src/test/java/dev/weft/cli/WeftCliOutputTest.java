package dev.weft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.targets.cli.Chatty;
import org.junit.jupiter.api.Test;

/**
 * The target's own output: printed for the first execution only (every one with {@code
 * --show-output}, none with {@code --quiet}), and the failing execution's in its report.
 */
class WeftCliOutputTest extends CliTestSupport {
  private int chatty(String... options) {
    String[] base = {
      "run", "--main", Chatty.class.getName(), "--cp", targets(), "--out", dir.toString()
    };
    String[] all = new String[base.length + options.length];
    System.arraycopy(base, 0, all, 0, base.length);
    System.arraycopy(options, 0, all, base.length, options.length);
    return WeftCli.execute(all);
  }

  @Test
  void outputOfEveryExecutionIsPrintedOnceAcrossTwentyExecutions() {
    assertThat(chatty("--iterations", "20", "--seed", "1")).as(stderr()).isZero();
    assertThat(occurrences(stdout(), "Chatty: class initialised")).isEqualTo(1);
    assertThat(occurrences(stdout(), "Chatty: run begins")).isEqualTo(1);
    assertThat(occurrences(stderr(), "Chatty: to stderr")).isEqualTo(1);
    assertThat(stderr())
        .contains("[weft] the target's output above is from execution 1")
        .contains("20 executions");
  }

  @Test
  void showOutputPrintsEveryExecutionsAndQuietNone() {
    assertThat(chatty("--iterations", "5", "--seed", "1", "--show-output")).isZero();
    assertThat(occurrences(stdout(), "Chatty: run begins")).isEqualTo(5);
    clearOutput();
    assertThat(chatty("--iterations", "5", "--seed", "1", "--quiet")).isZero();
    assertThat(stdout()).doesNotContain("Chatty").contains("[weft] done");
    assertThat(stderr()).doesNotContain("Chatty").doesNotContain("output above");
  }

  @Test
  void theFailingExecutionsOutputIsInItsReport() throws Exception {
    int code =
        chatty("--args", "race", "--strategy", "random", "--seed", "2", "--iterations", "500");
    assertThat(code).as(stderr()).isEqualTo(1);
    assertThat(stdout()).doesNotContain("saw 0 then 1");
    String report = report(findingFile(dir));
    assertThat(report)
        .contains("The target's output in this execution")
        .contains("Chatty: class initialised\nChatty: run begins\nChatty: to stderr\n")
        .contains("Chatty: saw 0 then 1");
  }
}
