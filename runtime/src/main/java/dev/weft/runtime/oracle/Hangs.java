package dev.weft.runtime.oracle;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.trace.SiteTable;
import dev.weft.trace.Trace;
import java.util.TreeSet;

/**
 * Describes a run that exceeded its step budget: the loop is named by the sites the stuck thread
 * kept executing, which is both what a user needs to see and a stable signature.
 */
public final class Hangs {
  private static final int WINDOW = 200;
  private static final String STEPS_ALONE =
      " steps alone, no other thread able to run (an endless loop?)";
  private static final String STEPS_CONTENDED = "hang: the run exceeded its budget of ";
  private static final String TARGET_LOADER = StackFrames.TARGET_LOADER;

  /** What a step-budget hang's message says when its run could never have ended. */
  private static final String STEADY =
      " no thread changed shared state and no time-out was still to come, so it could never end";

  private Hangs() {}

  /**
   * Whether the hang {@code f} is evidently endless: its run went on for many steps in which no
   * thread changed shared state and no time-out was due (a livelock, or a thread spinning on a lock
   * nobody will release), so no replay with a larger budget is needed to confirm it.
   */
  public static boolean evidentlyEndless(Failure f) {
    return f.kind() == FindingKind.HANG && f.message().contains(STEADY);
  }

  /** Whether {@code f} is a hang by the step budget (not by the stall or wall-clock budgets). */
  public static boolean byStepBudget(Failure f) {
    return f.kind() == FindingKind.HANG
        && (f.message().contains(STEPS_ALONE) || f.message().contains(STEPS_CONTENDED));
  }

  /**
   * A thread made {@code accesses} accesses to objects only it can reach (no scheduling points)
   * without taking a step: an endless loop over its own data.
   */
  public static Failure localLoop(SiteTable sites, ControlledThread t, long accesses, int site) {
    String where = sites.get(site).toString();
    String message =
        "hang: thread "
            + t
            + " made "
            + accesses
            + " accesses to objects only it can reach without reaching a scheduling point"
            + " (an endless loop?); last at "
            + where;
    return new Failure(FindingKind.HANG, t.toString(), message, message, "hang:[" + where + "]");
  }

  /**
   * @param alone whether no other thread could run ({@code t} was the only live one, or the others
   *     slept or waited): such steps have their own, larger budget, so that long single-threaded
   *     set-up is not taken for a hang
   * @param steadySteps how many of the last steps changed no shared state while no time-out was
   *     due, when they make the run evidently endless (see {@link #evidentlyEndless}); else 0
   */
  public static Failure stepBudget(
      Trace trace,
      SiteTable sites,
      ControlledThread t,
      long maxSteps,
      boolean alone,
      boolean fair,
      long steadySteps) {
    TreeSet<String> loopSites = new TreeSet<>();
    for (int i = Math.max(0, trace.size() - WINDOW); i < trace.size(); i++) {
      loopSites.add(sites.get(trace.site(i)).toString());
    }
    String message =
        (alone
                ? "hang: thread " + t + " ran " + maxSteps + STEPS_ALONE
                : STEPS_CONTENDED
                    + maxSteps
                    + " steps with more than one thread"
                    + (fair ? ", and as many again under fair round-robin scheduling" : "")
                    + " (livelock or endless loop); thread "
                    + t
                    + " was running")
            + "; recent sites "
            + loopSites
            + (steadySteps > 0 ? "; in its last " + steadySteps + " steps" + STEADY : "");
    return new Failure(FindingKind.HANG, t.toString(), message, message, "hang:" + loopSites);
  }

  /**
   * A thread that holds the turn ran {@code millis} ms without reaching a scheduling point: of
   * processor time when {@code processorTime} (a busy machine does not add to it), else of the wall
   * clock (where the JVM cannot measure a thread's processor time).
   */
  public static Failure stall(String threadName, long millis, boolean processorTime, String stack) {
    String message =
        "hang: thread "
            + threadName
            + " ran for "
            + millis
            + " ms"
            + (processorTime ? " of processor time" : "")
            + " without reaching a scheduling point (an endless local loop?)";
    return new Failure(
        FindingKind.HANG, threadName, message, stack, "hang:wall:" + firstLine(stack));
  }

  /**
   * The run outlasted its wall-clock budget ({@code --run-timeout}), not counting Weft's own work;
   * {@code threadName} held the turn.
   */
  public static Failure runTimeout(String threadName, long millis, String stack) {
    String message =
        "hang: the run took more than "
            + millis
            + " ms of wall-clock time (--run-timeout; Weft's own work and waits for a processor"
            + " not counted); thread "
            + threadName
            + " held the turn";
    return new Failure(
        FindingKind.HANG, threadName, message, stack, "hang:wall:" + firstLine(stack));
  }

  /**
   * The frame a wall-clock hang is known by: the innermost frame of the target's own code (its
   * classes are defined by the run's loader, {@value #TARGET_LOADER}), since where a thread stuck
   * inside a JDK method happens to be differs from one run to the next; without target code, the
   * innermost frame that is not Weft's. The line is left out: a loop of several lines is caught on
   * any of them, and a replay of the same hang must have the same signature.
   */
  private static String firstLine(String stack) {
    String innermost = "";
    for (String line : stack.split("\n")) {
      String frame = line.strip();
      if (frame.startsWith("at " + TARGET_LOADER + "//")) {
        return withoutLine(frame);
      }
      if (innermost.isEmpty() && frame.startsWith("at ") && !frame.contains("dev.weft.")) {
        innermost = withoutLine(frame);
      }
    }
    return innermost;
  }

  /** {@code at C.m(C.java:12)} as {@code at C.m(C.java)}. */
  private static String withoutLine(String frame) {
    int colon = frame.lastIndexOf(':');
    return colon > frame.lastIndexOf('(') && frame.endsWith(")")
        ? frame.substring(0, colon) + ")"
        : frame;
  }
}
