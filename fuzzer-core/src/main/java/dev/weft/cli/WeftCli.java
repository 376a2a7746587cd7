package dev.weft.cli;

import dev.weft.fuzz.campaign.Campaign;
import dev.weft.runtime.exec.ControllerThread;
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
    throw new CommandLine.ParameterException(
        spec.commandLine(), "missing command: run, fuzz, status, replay, tmin or cmin");
  }

  public static int execute(String... args) {
    return new CommandLine(new WeftCli()).execute(args);
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
