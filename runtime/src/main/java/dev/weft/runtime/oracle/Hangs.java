package dev.weft.runtime.oracle;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.trace.SiteTable;
import dev.weft.runtime.trace.Trace;
import java.util.TreeSet;

/**
 * Describes a run that exceeded its step budget: the loop is named by the sites the stuck thread
 * kept executing, which is both what a user needs to see and a stable signature.
 */
public final class Hangs {
  private static final int WINDOW = 200;

  private Hangs() {}

  /**
   * @param alone whether {@code t} was the only live thread: its steps have their own, larger
   *     budget, so that long single-threaded set-up is not taken for a hang
   */
  public static Failure stepBudget(
      Trace trace,
      SiteTable sites,
      ControlledThread t,
      long maxSteps,
      boolean alone,
      boolean fair) {
    TreeSet<String> loopSites = new TreeSet<>();
    for (int i = Math.max(0, trace.size() - WINDOW); i < trace.size(); i++) {
      loopSites.add(sites.get(trace.site(i)).toString());
    }
    String message =
        (alone
                ? "hang: thread " + t + " ran " + maxSteps + " steps alone (an endless loop?)"
                : "hang: the run exceeded its budget of "
                    + maxSteps
                    + " steps with more than one thread"
                    + (fair ? ", and as many again under fair round-robin scheduling" : "")
                    + " (livelock or endless loop); thread "
                    + t
                    + " was running")
            + "; recent sites "
            + loopSites;
    return new Failure(FindingKind.HANG, t.toString(), message, message, "hang:" + loopSites);
  }

  public static Failure wallClock(String threadName, long millis, String stack) {
    String message =
        "hang: thread "
            + threadName
            + " ran for "
            + millis
            + " ms without reaching a scheduling point (endless local loop?)";
    return new Failure(
        FindingKind.HANG, threadName, message, stack, "hang:wall:" + firstLine(stack));
  }

  private static String firstLine(String stack) {
    for (String line : stack.split("\n")) {
      if (line.contains("at ") && !line.contains("dev.weft.")) {
        return line.strip();
      }
    }
    return "";
  }
}
