package dev.weft.fuzz.report;

import java.nio.file.Path;

/**
 * The commands that run output and reports suggest, in one place: a hint must name the command
 * whose option it uses ({@code --rows} belongs to {@code replay}, not to {@code run}), and start
 * with the launcher the user ran, so that it works where they are: the installed {@code weft}, or
 * {@code scripts/weft} in a checkout. The launchers say which ({@code -Dweft.command}); a JVM
 * started another way (the jar itself, a test) says {@code weft}.
 */
public final class ReplayHints {
  private ReplayHints() {}

  /** How the user started Weft. */
  public static String launcher() {
    String given = System.getProperty("weft.command");
    return given == null || given.isBlank() ? "weft" : given;
  }

  /**
   * The command that replays {@code file}: {@code weft replay FILE}, or, where the JVM was given
   * {@code -Dweft.replayCommand} (the Maven plugin's: {@code mvn weft:replay -Dweft.finding=}),
   * that followed by the file.
   */
  public static String command(Path file) {
    String given = System.getProperty("weft.replayCommand");
    return given != null && !given.isBlank() ? given + file : launcher() + " replay " + file;
  }

  /** The command that resumes the campaign in {@code corpus}. */
  public static String resume(Object corpus) {
    return launcher() + " fuzz --corpus " + corpus;
  }

  /** For a report of {@code weft run}: how to see the steps the report leaves out. */
  public static String everyStep(Path file) {
    return "replay it with `" + command(file) + " --rows 0` to see every step";
  }

  /** For the output of {@code weft replay} itself. */
  public static final String EVERY_STEP_IN_REPLAY = "--rows 0 shows every step";
}
