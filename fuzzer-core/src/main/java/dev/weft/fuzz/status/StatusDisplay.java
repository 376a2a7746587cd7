package dev.weft.fuzz.status;

import java.io.PrintStream;
import java.util.List;

/**
 * Where a session's status and messages go. On a terminal the status is a screen redrawn in place
 * (messages such as findings scroll above it); elsewhere (a pipe, a log file, CI) it is a plain
 * line every few seconds, which every tool can read. Thread-safe: a pool's workers print through it
 * from several threads.
 */
public final class StatusDisplay {
  /** How the status is shown. */
  public enum Mode {
    /** A screen redrawn in place with ANSI escapes. */
    SCREEN,
    /** One line per update. */
    LINES;

    /** {@code auto} (screen when the console is a terminal), {@code screen} or {@code lines}. */
    public static Mode parse(String text) {
      return switch (text) {
        case "auto" ->
            System.console() != null && !"dumb".equals(System.getenv("TERM")) ? SCREEN : LINES;
        case "screen" -> SCREEN;
        case "lines" -> LINES;
        default ->
            throw new IllegalArgumentException(
                "unknown status mode '" + text + "' (expected auto, screen or lines)");
      };
    }
  }

  private static final String CLEAR_BELOW = "\033[J";

  private final PrintStream results;
  private final PrintStream out;
  private final Mode mode;
  private final String title;
  private List<String> shown = List.of();

  /** A display that prints results where it prints the status. */
  public StatusDisplay(PrintStream out, Mode mode, String title) {
    this(out, out, mode, title);
  }

  /**
   * @param results where {@link #result} lines go: a command's standard output, so that a pipe
   *     keeps the findings while the status and messages stay on the console (standard error)
   */
  public StatusDisplay(PrintStream results, PrintStream out, Mode mode, String title) {
    this.results = results;
    this.out = out;
    this.mode = mode;
    this.title = title;
  }

  /** Shows the session's state now. */
  public synchronized void update(StatusSnapshot s) {
    if (mode == Mode.LINES) {
      out.println("[weft] " + StatusText.line(s));
    } else {
      erase();
      shown = StatusText.screen(title, s);
      shown.forEach(out::println);
    }
    out.flush();
  }

  /** A line that stays (a finding, a warning); on a screen it goes above the status. */
  public synchronized void message(String line) {
    List<String> screen = shown;
    erase();
    out.println(line);
    screen.forEach(out::println);
    shown = screen;
    out.flush();
  }

  /**
   * A line of the results (a finding, where its files went): it goes to the results stream, and on
   * a screen above the status, which is drawn again below it.
   */
  public synchronized void result(String line) {
    List<String> screen = shown;
    erase();
    out.flush();
    results.println(line);
    results.flush();
    screen.forEach(out::println);
    shown = screen;
    out.flush();
  }

  /** Leaves the last screen where it is, so the final summary prints below it. */
  public synchronized void close() {
    shown = List.of();
    out.flush();
  }

  private void erase() {
    if (!shown.isEmpty()) {
      out.print("\033[" + shown.size() + "F" + CLEAR_BELOW);
      shown = List.of();
    }
  }
}
