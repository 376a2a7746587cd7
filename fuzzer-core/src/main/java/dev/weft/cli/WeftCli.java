package dev.weft.cli;

import dev.weft.fuzz.campaign.Campaign;
import dev.weft.fuzz.report.ErrorLog;
import dev.weft.runtime.exec.ControllerThread;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code weft} command. Exit codes are part of the interface: 0 nothing found (or a replay that
 * did not reproduce), 1 a finding (or a replay that reproduced; for {@code fuzz}, a campaign that
 * has findings), 2 a usage or configuration error, 3 Weft itself failed during a campaign (out of
 * memory, an internal error) before finding anything.
 */
@Command(
    name = "weft",
    mixinStandardHelpOptions = true,
    version = "weft " + Campaign.VERSION,
    description = {
      "Coverage-guided concurrency fuzzer for the JVM. Runs concurrent Java code again and again under a controlled scheduler and reports assertion failures, uncaught exceptions, deadlocks and hangs, each with a file that replays the exact failing interleaving."
    },
    exitCodeListHeading = "Exit codes:%n",
    exitCodeList = {
      "0:nothing found (replay: the failure did not recur)",
      "1:a finding (replay: reproduced; fuzz: the campaign has findings)",
      "2:a usage or configuration error",
      "3:Weft itself failed (an internal error, out of memory) before finding anything;"
          + " summary.json says \"weftFailed\": true, and the stack is in a log file"
    },
    subcommands = {
      RunCommand.class,
      FuzzCommand.class,
      StatusCommand.class,
      ReplayCommand.class,
      TminCommand.class,
      CminCommand.class,
      DashboardCommand.class,
      CommandLine.HelpCommand.class
    })
public final class WeftCli implements Runnable {
  public static final int NOTHING_FOUND = 0;
  public static final int FOUND = 1;
  public static final int USAGE = 2;
  public static final int WEFT_FAILED = 3;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    List<String> commands = new ArrayList<>(spec.subcommands().keySet());
    commands.remove("help");
    String last = commands.remove(commands.size() - 1);
    throw new CommandLine.ParameterException(
        spec.commandLine(), "missing command: " + String.join(", ", commands) + " or " + last);
  }

  public static int execute(String... args) {
    return configure(new CommandLine(new WeftCli())).execute(args);
  }

  /**
   * Makes an exception that escapes a command Weft's failure: exit code 3 and one line that says so
   * and where the stack went, instead of a raw stack trace and picocli's exit code 1, the code of a
   * finding.
   */
  static CommandLine configure(CommandLine cli) {
    cli.setParameterExceptionHandler(WeftCli::usageError);
    return cli.setExecutionExceptionHandler(
        (e, commandLine, parseResult) -> {
          Path log = writeLog(e);
          commandLine
              .getErr()
              .println(
                  "weft: Weft failed with an internal error: "
                      + ErrorLog.oneLine(e)
                      + (log == null ? "" : " (stack in " + log + ")"));
          return WEFT_FAILED;
        });
  }

  /**
   * A usage error in one line, and where the usage is: the whole usage (80 lines for {@code fuzz})
   * would push the line that says what is wrong off the screen.
   */
  private static int usageError(CommandLine.ParameterException e, String[] args) {
    CommandLine command = e.getCommandLine();
    PrintWriter err = command.getErr();
    err.println("weft: " + e.getMessage());
    CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
    err.println("see `" + command.getCommandSpec().qualifiedName() + " --help`");
    err.flush();
    return USAGE;
  }

  private static Path writeLog(Throwable e) {
    try {
      return ErrorLog.write(Files.createTempDirectory("weft-error"), e);
    } catch (IOException | RuntimeException ignored) {
      return null;
    }
  }

  /**
   * Runs the command on a controller thread ({@link ControllerThread}): on JDK 21 and later it
   * shares one platform thread with the runs it starts.
   */
  public static void main(String[] args) throws Exception {
    ParentWatch.startIfAsked();
    System.exit(ControllerThread.call(() -> execute(args)));
  }
}
