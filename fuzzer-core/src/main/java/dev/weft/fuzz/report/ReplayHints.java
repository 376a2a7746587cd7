package dev.weft.fuzz.report;

import java.nio.file.Path;

/**
 * The replay commands that run output and reports suggest, in one place: a hint must name the
 * command whose option it uses ({@code --rows} belongs to {@code replay}, not to {@code run}).
 */
public final class ReplayHints {
  /** How users start Weft (README); the jar's own name for itself is just {@code weft}. */
  private static final String LAUNCHER = "scripts/weft";

  private ReplayHints() {}

  /** The command that replays {@code file}. */
  public static String command(Path file) {
    return LAUNCHER + " replay " + file;
  }

  /** For a report of {@code weft run}: how to see the steps the report leaves out. */
  public static String everyStep(Path file) {
    return "replay it with `" + command(file) + " --rows 0` to see every step";
  }

  /** For the output of {@code weft replay} itself. */
  public static final String EVERY_STEP_IN_REPLAY = "--rows 0 shows every step";
}
