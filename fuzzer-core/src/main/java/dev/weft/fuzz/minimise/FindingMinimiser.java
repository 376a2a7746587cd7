package dev.weft.fuzz.minimise;

import dev.weft.corpus.FindingRecord;
import dev.weft.fuzz.output.CapturedOutput;
import dev.weft.fuzz.output.TargetOutput;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RaceStacks;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetException;
import dev.weft.runtime.oracle.Failure;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.runtime.strategy.ReplayStrategy;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;

/**
 * Minimises each new finding of a campaign before it is written, on the campaign's own executor and
 * within a small budget, so that the first thing a user reads is the shortest interleaving Weft
 * could find. Hangs are written as found: every candidate of a hang runs a whole step or time
 * budget, far more than a campaign should pause for ({@code weft tmin} minimises them on request).
 */
public final class FindingMinimiser {
  private final CapturingRunner runner;
  private final MinimiseBudget budget;
  private final BooleanSupplier stop;
  private final RunExecutor executor;
  private final TargetOutput output;

  /**
   * @param output the campaign's output routing: candidates' output is kept, not printed
   * @param budget per finding; null turns minimisation off ({@code --no-minimize}): a finding is
   *     then replayed once, only to learn where its run preempted, which its report marks
   */
  public FindingMinimiser(RunExecutor executor, TargetOutput output, MinimiseBudget budget) {
    this(executor, output, budget, () -> false);
  }

  /**
   * @param stop whether the campaign was told to stop (Ctrl-C): a minimisation under way then ends
   *     at once with the smallest run found so far
   */
  public FindingMinimiser(
      RunExecutor executor, TargetOutput output, MinimiseBudget budget, BooleanSupplier stop) {
    this.runner = new CapturingRunner(executor, output);
    this.budget = budget;
    this.stop = stop;
    this.executor = executor;
    this.output = output;
  }

  /**
   * What a campaign says while it minimises {@code failure}, before it begins (a user otherwise
   * waits its whole budget for the first word of a finding); null when nothing will be tried.
   */
  public String announcement(Failure failure) {
    if (budget == null || failure.kind() == FindingKind.HANG) {
      return null;
    }
    StringBuilder s = new StringBuilder("minimising its schedule");
    if (budget.time() != null) {
      s.append(String.format(" for at most %.0f s", budget.time().toMillis() / 1e3));
    }
    return s.append(" (--no-minimize skips this)...").toString();
  }

  /** A race found again in the minimised run, with the stacks of both calls (one more replay). */
  private Failure withStacks(RunResult run, Failure failure, long execution) {
    if (failure.kind() != FindingKind.RACE) {
      return failure;
    }
    output.beginExecution(false);
    try {
      return RaceStacks.explain(executor, run, failure, execution);
    } finally {
      output.endExecution();
    }
  }

  /**
   * @param found the finding as found
   * @param failure its failure in {@code run}
   * @param run the run that found it
   * @param captured that run's output
   */
  public MinimisedFinding minimise(
      FindingRecord found, Failure failure, RunResult run, CapturedOutput captured) {
    if (failure.kind() == FindingKind.HANG) {
      return asFound(
          found,
          failure,
          run,
          captured,
          budget == null
              ? null
              : "Not minimised: every candidate run of a hang spends a whole budget (weft tmin"
                  + " minimises it on request).",
          null);
    }
    if (budget == null) {
      return asFound(found, failure, run, captured, null, switchesOf(run, failure.signature()));
    }
    Minimisation m;
    try {
      m =
          new ScheduleMinimiser(runner, budget, stop)
              .minimise(run.decisions(), failure.signature());
    } catch (NotReproducedException e) {
      return asFound(
          found,
          failure,
          run,
          captured,
          "Not minimised: replaying it did not fail (" + e.getMessage() + ").",
          null);
    }
    List<Switch> originalSwitches = m.originalSwitches();
    if (!m.shrank()) {
      return asFound(
          found,
          failure,
          run,
          captured,
          String.format(
              "Already minimal: no schedule with fewer preemptions, threads or steps reproduced"
                  + " it (%s; %d candidate runs in %.1f s).",
              m.before(), m.candidates(), m.nanos() / 1e9),
          originalSwitches);
    }
    String unconfirmed = unconfirmedOnFreshClasses(m, found.execution());
    if (unconfirmed != null) {
      return asFound(found, failure, run, captured, unconfirmed, originalSwitches);
    }
    Failure shrunk = withStacks(m.run(), m.failure(), found.execution());
    FindingRecord record = withRun(found, m.decisions(), shrunk);
    return new MinimisedFinding(
        record,
        m.run(),
        shrunk,
        runner.outputOf(m.run(), captured),
        found,
        run,
        m,
        null,
        m.switches(),
        originalSwitches);
  }

  /**
   * The context switches of {@code run}, learnt from one quiet replay of its decisions (the run
   * that found it was not watched): null if the replay did not run the same schedule to the same
   * failure.
   */
  private List<Switch> switchesOf(RunResult run, String signature) {
    SwitchRecorder recorder = new SwitchRecorder(new ReplayStrategy(run.decisions()));
    RunResult again;
    try {
      again = runner.run(recorder);
    } catch (IllegalStateException e) {
      return null; // the target could not be run again: the report goes without marks
    }
    boolean same =
        again.failure(signature) != null && Arrays.equals(again.decisions(), run.decisions());
    return same ? recorder.switches() : null;
  }

  /**
   * Null when the minimised schedule's failure is the program's own; else why it is not kept. The
   * candidates ran on the campaign's classes, which may be shared across runs; the finding as found
   * was confirmed on classes of its own before it was reported, so the minimised schedule is too
   * (one more run), and a replay file never needs classes shared with earlier runs.
   */
  private String unconfirmedOnFreshClasses(Minimisation m, long execution) {
    if (!executor.reusesClasses()) {
      return null;
    }
    RunResult again;
    output.beginExecution(false);
    try {
      again = executor.executeOnFreshClasses(new ReplayStrategy(m.decisions()), execution);
    } catch (TargetException e) {
      return "Minimised schedule not kept: it could not be run again on classes defined afresh ("
          + e.getMessage()
          + ").";
    } finally {
      output.endExecution();
    }
    if (again.failure(m.failure().signature()) != null) {
      return null;
    }
    String why =
        String.format(
            "the minimised schedule (%s) failed on classes shared across runs but not on classes"
                + " defined afresh (the run %s there)",
            m.after(), again.outcome().name().toLowerCase(Locale.ROOT));
    executor.stopReuse(why);
    return "Minimised schedule not kept: " + why + "; written as found.";
  }

  /** The finding written as found; a race still gets the stacks of both calls. */
  private MinimisedFinding asFound(
      FindingRecord found,
      Failure failure,
      RunResult run,
      CapturedOutput captured,
      String note,
      List<Switch> switches) {
    Failure explained = withStacks(run, failure, found.execution());
    FindingRecord record =
        explained == failure ? found : withRun(found, found.decisions(), explained);
    return new MinimisedFinding(
        record, run, explained, captured, found, run, null, note, switches, switches);
  }

  private static FindingRecord withRun(FindingRecord found, int[] decisions, Failure failure) {
    return new FindingRecord(
        found.weftVersion(),
        found.target(),
        found.classPath(),
        found.jvmOptions(),
        found.budget(),
        found.localObjects(),
        found.strategy(),
        found.seed(),
        found.execution(),
        decisions,
        found.kind(),
        failure.message(),
        found.signature(),
        failure.details(),
        found.ignoredExceptions(),
        found.input());
  }
}
