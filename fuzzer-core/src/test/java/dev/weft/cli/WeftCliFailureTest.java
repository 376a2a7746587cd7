package dev.weft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * An exception that escapes a command is Weft's failure: exit code 3 (not 1, a finding's) and one
 * line, the stack in a log file; the help lists the exit codes.
 */
class WeftCliFailureTest {
  @Command(name = "broken")
  static final class Broken implements Callable<Integer> {
    @Override
    public Integer call() {
      throw new IllegalStateException("simulated internal error");
    }
  }

  @Test
  void anExceptionEscapingACommandExitsWithThreeAndOneLine() {
    StringWriter err = new StringWriter();
    CommandLine cli = WeftCli.configure(new CommandLine(new Broken()));
    cli.setErr(new PrintWriter(err, true));

    int code = cli.execute();

    assertThat(code).isEqualTo(WeftCli.WEFT_FAILED).isEqualTo(3);
    assertThat(err.toString())
        .startsWith(
            "weft: Weft failed with an internal error: java.lang.IllegalStateException:"
                + " simulated internal error (stack in ")
        .contains("weft-error.log")
        .doesNotContain("\tat ");
    assertThat(err.toString().lines()).hasSize(1);
  }

  @Test
  void theHelpSaysTheExitCodes() {
    StringWriter out = new StringWriter();
    CommandLine cli = new CommandLine(new WeftCli());
    cli.setOut(new PrintWriter(out, true));

    cli.execute("--help");

    assertThat(out.toString())
        .contains("Exit codes:")
        .contains("0   nothing found")
        .contains("1   a finding")
        .contains("2   a usage or configuration error")
        .contains("3   Weft itself failed");
  }
}
