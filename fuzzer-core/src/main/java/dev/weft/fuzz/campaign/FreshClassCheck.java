package dev.weft.fuzz.campaign;

import dev.weft.fuzz.output.TargetOutput;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.RunFingerprint;
import dev.weft.runtime.exec.TargetException;
import dev.weft.runtime.oracle.Failure;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.runtime.strategy.EventFollower;
import dev.weft.runtime.strategy.ReplayStrategy;
import dev.weft.trace.Trace;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Checks runs made on shared, rewritten classes against classes defined for one run alone, without
 * the rewrite. Runs on shared classes start from fresh statics, but not every static can be reset
 * (an interface constant that holds a mutable object keeps what earlier runs put in it), and the
 * rewrite may miss a way a class gets initialised; either would make a run take another path than
 * on classes of its own. Two kinds of run are replayed once on plain classes with the same
 * decisions: every run with a new finding (a finding that does not come back is dropped, so neither
 * leftover state nor the rewrite can invent one), and the 1st, 2nd, 4th, 8th... run on shared
 * classes, whatever it found (a path the sharing changed shows up as a different trace, found or
 * not). Any difference stops the reuse for the rest of the campaign, with the reason as a note. The
 * audits cost one slow run each at doubling intervals, a few per campaign; a run that hung is not
 * audited (its replay would spend a whole run budget), but a new hang is replayed like any finding,
 * unless a target thread could not be stopped (a replay would leave one more such thread). A
 * difference is blamed on sharing only when a second replay on the shared classes repeats the run:
 * a program that does not repeat itself (it reads a file another run wrote) keeps its findings and
 * its reuse, with a note.
 *
 * <p>A replay on plain classes that diverges (its recorded decisions stop fitting: a choice point
 * more or fewer) is inconclusive about the finding: it neither ran to its end without the failure
 * nor showed it. Dropping the finding then would lose real bugs to any difference in Weft's own
 * bookkeeping between the two kinds of class; keeping it would let leftover state, which typically
 * shows as exactly such a divergence (a thread that takes another branch), invent findings. So the
 * run is then followed once more on plain classes event by event ({@link EventFollower}: at each
 * point the thread that executed the next event of the run, where it can run); a failure that comes
 * back there is the program's own and stands, one that does not is dropped as above. Either way the
 * divergence itself stops the reuse, with a note.
 */
public final class FreshClassCheck {
  private final RunExecutor executor;
  private final TargetOutput output;
  private long sharedRuns;
  private long nextAudit = 1;
  private boolean nondeterminismNoted;

  public FreshClassCheck(RunExecutor executor, TargetOutput output) {
    this.executor = executor;
    this.output = output;
  }

  /**
   * The failures that stand, and what to tell the user about this run: why the reuse stopped, or
   * that the program is not deterministic enough to check (null when there is nothing to say).
   */
  public record Checked(List<Failure> standing, String stopped) {}

  /**
   * Checks {@code run}, execution number {@code execution}, whose new failures are {@code
   * failures}: all stand when the run did not reuse classes or is not checked; otherwise it is
   * replayed once on plain classes, a failure that does not come back is dropped, and any
   * difference stops the reuse. A difference that a second replay on the shared classes shows as
   * well is the program's own nondeterminism (a file, a clock Weft does not control): the failures
   * then stand, the reuse goes on, and the user is told once that runs cannot be checked. A replay
   * that the session's time cut short ({@link RunExecutor#endRunsAt}) checks nothing: the failures
   * stand.
   */
  public Checked check(RunResult run, List<Failure> failures, long execution)
      throws TargetException {
    if (!executor.lastRunReusedClasses() || !ran(run) || executor.leakedThreads() > 0) {
      // a target thread that could not be stopped would be joined by one more in a replay
      return new Checked(failures, null);
    }
    sharedRuns++;
    boolean audit = sharedRuns == nextAudit && !hung(run);
    if (sharedRuns == nextAudit) {
      nextAudit *= 2;
    }
    if (!audit && failures.isEmpty()) {
      return new Checked(failures, null);
    }
    // the run's fingerprint first: nothing of the run need stay alive during the replays
    long fingerprint = fingerprint(run);
    int events = run.trace() == null ? 0 : run.trace().size();
    int[] threadOfEvent = threadOfEvent(run);
    RunResult again = replay(run, true, execution);
    if (executor.lastRunOutOfTime()) {
      return new Checked(failures, null); // the session's time ran out: nothing was checked
    }
    String difference = difference(run, fingerprint, events, again);
    boolean followed = again.outcome() == RunResult.Outcome.DIVERGED && !failures.isEmpty();
    if (followed) {
      // the decisions did not fit: that says nothing of the failures; follow the events instead
      again = follow(threadOfEvent, execution);
      if (executor.lastRunOutOfTime()) {
        return new Checked(failures, null);
      }
    }
    List<Failure> standing = new ArrayList<>();
    Failure dropped = null;
    for (Failure f : failures) {
      if (again.failure(f.signature()) != null) {
        standing.add(f);
      } else if (dropped == null) {
        dropped = f;
      }
    }
    again = null;
    if (difference == null && dropped == null) {
      return new Checked(failures, null);
    }
    if (difference == null) {
      difference = "the same trace without the failure";
    }
    RunResult same = replay(run, false, execution);
    if (executor.lastRunOutOfTime()) {
      return new Checked(failures, null);
    }
    if (same.outcome() == RunResult.Outcome.DIVERGED || fingerprint(same) != fingerprint) {
      // the program itself does not repeat a run: sharing classes cannot be blamed
      String note =
          nondeterminismNoted
              ? null
              : "execution "
                  + execution
                  + " did not repeat when replayed, on shared classes or on classes defined"
                  + " afresh ("
                  + difference
                  + "): the program depends on something Weft does not control (a file, the"
                  + " network, the real clock), so its findings may not replay and runs on"
                  + " shared classes cannot be checked against fresh ones; its findings are kept";
      nondeterminismNoted = true;
      return new Checked(failures, note);
    }
    String reason;
    if (dropped != null) {
      String kind = dropped.kind().label();
      reason =
          ("aeiou".indexOf(kind.charAt(0)) >= 0 ? "an " : "a ")
              + kind
              + " found at execution "
              + execution
              + " did not come back when its run was replayed on classes defined afresh ("
              + difference
              + (followed ? ", nor when the run was followed there event by event" : "")
              + "), so it came from sharing classes across runs (state an earlier run left in a"
              + " static Weft could not reset, or a way of initialising a class the rewrite"
              + " misses); it is not reported ("
              + firstLine(dropped.message())
              + ")";
    } else {
      reason =
          "execution "
              + execution
              + " took another path on classes defined afresh ("
              + difference
              + "), so sharing classes across runs changes what this program does (state an"
              + " earlier run left in a static Weft could not reset, or a way of initialising a"
              + " class the rewrite misses)"
              + (followed
                  ? "; its findings came back on classes defined afresh when the run was followed"
                      + " there event by event, so they are reported"
                  : "");
    }
    executor.stopReuse(reason);
    return new Checked(standing, reason);
  }

  /** The run replayed with its own decisions, on plain classes of its own or on the shared ones. */
  private RunResult replay(RunResult run, boolean fresh, long execution) throws TargetException {
    ReplayStrategy replay = new ReplayStrategy(run.decisions());
    output.beginExecution(false);
    try {
      return fresh
          ? executor.executeOnFreshClasses(replay, execution)
          : executor.execute(replay, execution);
    } finally {
      output.endExecution();
    }
  }

  /**
   * The run followed event by event on plain classes of its own ({@link EventFollower}): where its
   * recorded decisions do not fit them, whether its failures can happen there at all.
   */
  private RunResult follow(int[] threadOfEvent, long execution) throws TargetException {
    output.beginExecution(false);
    try {
      return executor.executeOnFreshClasses(new EventFollower(threadOfEvent), execution);
    } finally {
      output.endExecution();
    }
  }

  private static int[] threadOfEvent(RunResult run) {
    Trace trace = run.trace();
    int[] threads = new int[trace == null ? 0 : trace.size()];
    for (int e = 0; e < threads.length; e++) {
      threads[e] = trace.thread(e);
    }
    return threads;
  }

  private long fingerprint(RunResult r) {
    return RunFingerprint.byFirstAppearance(r, executor.sites(), executor.instrumenter().fields());
  }

  /** Whether the run ran to an end that can be compared (not skipped, not a diverged replay). */
  private static boolean ran(RunResult run) {
    return run.outcome() == RunResult.Outcome.PASSED || run.outcome() == RunResult.Outcome.FAILED;
  }

  /** Whether the run hung: an audit would spend a whole run budget on its replay. */
  private static boolean hung(RunResult run) {
    for (Failure f : run.failures()) {
      if (f.kind() == FindingKind.HANG) {
        return true;
      }
    }
    return false;
  }

  /** How the replay on plain classes differed from the run, or null when it did not. */
  private String difference(RunResult run, long runFingerprint, int runEvents, RunResult again) {
    if (again.outcome() == RunResult.Outcome.DIVERGED) {
      return "the replay diverged: " + again.diagnostic();
    }
    if (again.outcome() != run.outcome()) {
      return "the run "
          + run.outcome().name().toLowerCase(Locale.ROOT)
          + ", the replay "
          + again.outcome().name().toLowerCase(Locale.ROOT);
    }
    if (runFingerprint != fingerprint(again)) {
      int replayed = again.trace() == null ? 0 : again.trace().size();
      return "same decisions, another trace: "
          + runEvents
          + " events on shared classes, "
          + replayed
          + " afresh";
    }
    return null;
  }

  private static String firstLine(String s) {
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
