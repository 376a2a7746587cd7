package dev.weft.fuzz.campaign;

import dev.weft.runtime.api.RunResult;
import java.util.Locale;

/**
 * What a campaign says of the run its {@code --time} ended ({@link
 * dev.weft.runtime.exec.RunExecutor#endRunsAt}). A run of a few milliseconds cut at the deadline is
 * the ordinary end of a campaign and needs no word; one that had gone on for seconds may have been
 * a hang that its run timeout would have judged, and the user should know that nothing was
 * concluded about it.
 */
public final class OutOfTime {
  /** Runs shorter than this, ended by the deadline, go unmentioned. */
  static final long MENTION_NANOS = 1_000_000_000L;

  private OutOfTime() {}

  /** The note for execution {@code execution}, ended by the deadline as {@code run}; or null. */
  public static String note(long execution, RunResult run) {
    if (run.nanos() < MENTION_NANOS) {
      return null;
    }
    return String.format(
        Locale.ROOT,
        "execution %d was still running when the time budget ran out, after %.1f s; it was ended"
            + " without a verdict (a hang is judged at --run-timeout: a longer --time would have"
            + " judged it)",
        execution,
        run.nanos() / 1e9);
  }
}
