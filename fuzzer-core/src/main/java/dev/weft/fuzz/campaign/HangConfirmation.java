package dev.weft.fuzz.campaign;

import dev.weft.fuzz.output.TargetOutput;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetException;
import dev.weft.runtime.oracle.Failure;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.runtime.strategy.ReplayThenRoundRobin;
import java.util.ArrayList;
import java.util.List;

/**
 * Confirms every new hang before it is reported. A hang is a run that outlasted a budget (steps,
 * processor time without a scheduling point, wall clock); a run that was merely slow (a loaded
 * machine, a long set-up, a livelock that resolves) outlasts it too. So the run is replayed with
 * its own decisions, and round-robin past them, with {@value #FACTOR} times every budget: only a
 * replay that hangs again makes the hang a finding; otherwise the campaign says so in a note and
 * goes on. A replay that is skipped (blocked outside Weft's control) refutes nothing: the hang is
 * reported, unconfirmed, with a note. A run that left a thread running the program's code that
 * could not be stopped (it reached no scheduling point in the seconds after the run ended either)
 * is confirmed without a replay: the hang went on in plain sight, and a replay would leave a second
 * such thread burning a processor. Counts of both are kept for the summary.
 */
public final class HangConfirmation {
  /** How many times the run's budget the confirming replay gets. */
  public static final int FACTOR = 10;

  private final RunExecutor executor;
  private final TargetOutput output;
  private int reported;
  private int confirmed;

  public HangConfirmation(RunExecutor executor, TargetOutput output) {
    this.executor = executor;
    this.output = output;
  }

  /** Hang findings a run reported, and how many of them a replay confirmed. */
  public record Counts(int reported, int confirmed) {}

  /** The failures that stand, and what to tell the user (null when nothing). */
  public record Checked(List<Failure> standing, String note) {}

  /**
   * Checks the new failures {@code failures} of {@code run}, execution {@code execution}: those
   * that are no hang stand; the hangs stand only if a replay with {@value #FACTOR} times the budget
   * hangs as well.
   */
  public Checked check(RunResult run, List<Failure> failures, long execution)
      throws TargetException {
    List<Failure> hangs = new ArrayList<>();
    List<Failure> standing = new ArrayList<>();
    for (Failure f : failures) {
      (f.kind() == FindingKind.HANG ? hangs : standing).add(f);
    }
    if (hangs.isEmpty()) {
      return new Checked(failures, null);
    }
    reported += hangs.size();
    if (executor.lastRunLeftARunningThread()) {
      // the thread went on without a scheduling point after the run ended, and cannot be stopped:
      // the hang went on before our eyes, and a replay would leave a second such thread behind
      confirmed += hangs.size();
      return new Checked(failures, null);
    }
    RunResult again = replay(run, execution);
    if (hung(again)) {
      confirmed += hangs.size();
      return new Checked(failures, null);
    }
    if (again.outcome() == RunResult.Outcome.SKIPPED) {
      // a replay that could not run to an end refutes nothing: the hang stands, unconfirmed
      return new Checked(
          failures,
          "the hang of execution "
              + execution
              + " could not be confirmed (its replay with "
              + FACTOR
              + " times the budget "
              + how(again)
              + "); it is reported unconfirmed");
    }
    String note =
        "a run exceeded its budget once; not confirmed: execution "
            + execution
            + " ("
            + firstLine(hangs.get(0).message())
            + ") did not hang when replayed with "
            + FACTOR
            + " times the budget (steps, stall, wall clock; the replay "
            + how(again)
            + "), so it is not reported";
    return new Checked(standing, note);
  }

  /** The counts so far. */
  public Counts counts() {
    return new Counts(reported, confirmed);
  }

  private RunResult replay(RunResult run, long execution) throws TargetException {
    output.beginExecution(false);
    try {
      return executor.executeWithLargerBudget(
          new ReplayThenRoundRobin(run.decisions()), execution, FACTOR);
    } finally {
      output.endExecution();
    }
  }

  /** How a replay that did not hang ended, in a few words. */
  private static String how(RunResult again) {
    return switch (again.outcome()) {
      case PASSED -> "passed";
      case FAILED -> "failed otherwise: " + firstLine(again.failure().message());
      case SKIPPED -> "was skipped: " + firstLine(again.diagnostic());
      case DIVERGED -> "diverged";
    };
  }

  private static boolean hung(RunResult again) {
    for (Failure f : again.failures()) {
      if (f.kind() == FindingKind.HANG) {
        return true;
      }
    }
    return false;
  }

  private static String firstLine(String s) {
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
