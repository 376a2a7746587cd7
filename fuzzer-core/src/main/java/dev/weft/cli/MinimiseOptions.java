package dev.weft.cli;

import dev.weft.fuzz.minimise.MinimiseBudget;
import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * How {@code run} and {@code fuzz} minimise each new finding before writing it; one definition so
 * that both commands spell and default it alike.
 */
final class MinimiseOptions {
  @Option(
      names = "--no-minimize",
      description = "Write each finding as found, without minimising its interleaving first.")
  boolean noMinimize;

  @Option(
      names = "--minimize-time",
      paramLabel = "DURATION",
      defaultValue = "5s",
      converter = DurationConverter.class,
      description =
          "Time spent minimising each new finding (fewest preemptions, then threads and steps)"
              + " before it is written; the finding as found is kept beside it as <id>.orig.weft"
              + " (default: ${DEFAULT-VALUE}).")
  Duration minimizeTime;

  /** What each new finding may cost to minimise; null with {@code --no-minimize}. */
  MinimiseBudget budget() {
    return noMinimize ? null : new MinimiseBudget(minimizeTime, 0);
  }
}
