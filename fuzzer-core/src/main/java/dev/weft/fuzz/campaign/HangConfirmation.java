package dev.weft.fuzz.campaign;

import dev.weft.fuzz.output.TargetOutput;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetException;
import dev.weft.runtime.oracle.Failure;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.runtime.oracle.Hangs;
import dev.weft.runtime.strategy.ReplayThenRoundRobin;
import java.util.ArrayList;
import java.util.List;

/**
 * Confirms every new hang before it is reported. A hang is a run that outlasted a budget (steps,
 * processor time without a scheduling point, wall clock); a run that was merely slow (a loaded
 * machine, a long set-up, a livelock that resolves) outlasts it too. So the run is replayed with
 * its own decisions, and round-robin past them, with {@value #FACTOR} times every budget: only a
 * replay that hangs again makes the hang a finding; otherwise the campaign says so in a note and
 * goes on.
 *
 * <p>Some hangs need no replay. One whose run went on for many steps with no change to shared state
 * and no time-out due cannot end ({@link Hangs#evidentlyEndless}), and a run that left a thread
 * running the program's code that could not be stopped (it reached no scheduling point in the
 * seconds after the run ended either) went on in plain sight, where a replay would leave a second
 * such thread burning a processor. Both are confirmed as they are.
 *
 * <p>A replay that cannot run to an end refutes nothing, and the hang is reported unconfirmed, with
 * a note: one skipped (blocked outside Weft's control), one the session's time ran out on (the
 * replay ends at most {@link #GRACE_NANOS} past {@code --time}), and one whose larger step budget
 * would not fit in memory (its steps' budget is what the heap holds, at least twice the run's, or
 * there is no replay). A hang is never dropped for want of time or memory. Counts of reported and
 * confirmed hangs are kept for the summary.
 */
public final class HangConfirmation {
  /** How many times the run's budget the confirming replay gets. */
  public static final int FACTOR = 10;

  /** How far past the session's deadline a confirming replay may go. */
  static final long GRACE_NANOS = 3_000_000_000L;

  /**
   * What a step of a replay costs in memory, at most: its trace holds 21 bytes per event; the
   * decisions, the race oracle's and the models' state per step add some more.
   */
  private static final long BYTES_PER_EVENT = 64;

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
    if (executor.lastRunLeftARunningThread() || hangs.stream().allMatch(Hangs::evidentlyEndless)) {
      // the hang went on before our eyes, or could never have ended: no replay says more (and
      // after a thread that cannot be stopped, a replay would leave a second one behind)
      confirmed += hangs.size();
      return new Checked(failures, null);
    }
    RunBudget larger = largerBudget(run, hangs);
    if (larger == null) {
      return new Checked(
          failures,
          "the hang of execution "
              + execution
              + " could not be confirmed (a replay with more steps than its "
              + run.trace().size()
              + " would not fit in memory); it is reported unconfirmed");
    }
    RunResult again = replay(run, execution, larger);
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

  /**
   * The replay's budget: {@value #FACTOR} times the executor's, with no more steps than the heap
   * has room for ({@link #BYTES_PER_EVENT} each, the run's own trace still held); null if a hang of
   * the step budget would get less than twice the run's steps, which would confirm nothing.
   */
  private RunBudget largerBudget(RunResult run, List<Failure> hangs) {
    RunBudget budget = executor.budget().times(FACTOR);
    int events = run.trace() == null ? 0 : run.trace().size();
    if (events == 0) {
      return budget;
    }
    Runtime rt = Runtime.getRuntime();
    long free = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    long affordable = free / BYTES_PER_EVENT / events;
    if (affordable >= FACTOR) {
      return budget;
    }
    if (affordable < 2 && hangs.stream().anyMatch(Hangs::byStepBudget)) {
      return null;
    }
    return budget.withMaxSteps(
        (int) Math.min(Integer.MAX_VALUE, executor.budget().maxSteps() * Math.max(1, affordable)));
  }

  /** The counts so far. */
  public Counts counts() {
    return new Counts(reported, confirmed);
  }

  private RunResult replay(RunResult run, long execution, RunBudget larger) throws TargetException {
    output.beginExecution(false);
    try {
      return executor.executeWithBudget(
          new ReplayThenRoundRobin(run.decisions()), execution, larger, GRACE_NANOS);
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
