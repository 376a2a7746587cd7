package dev.weft.fuzz.campaign;

import dev.weft.fuzz.output.TargetOutput;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.RunFingerprint;
import dev.weft.runtime.exec.TargetException;
import dev.weft.runtime.oracle.Failure;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.runtime.strategy.ReplayStrategy;
import dev.weft.runtime.trace.ObjectNames;
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
 * audits cost one slow run each at doubling intervals, a few per campaign. A run that hung is not
 * replayed (each replay would spend a whole run budget): its findings stand unchecked.
 */
public final class FreshClassCheck {
  private final RunExecutor executor;
  private final TargetOutput output;
  private long sharedRuns;
  private long nextAudit = 1;

  public FreshClassCheck(RunExecutor executor, TargetOutput output) {
    this.executor = executor;
    this.output = output;
  }

  /** The failures that stand, and why the reuse stopped at this run (null when it did not). */
  public record Checked(List<Failure> standing, String stopped) {}

  /**
   * Checks {@code run}, execution number {@code execution}, whose new failures are {@code
   * failures}: all stand when the run did not reuse classes or is not checked; otherwise it is
   * replayed once on plain classes, a failure that does not come back is dropped, and any
   * difference stops the reuse.
   */
  public Checked check(RunResult run, List<Failure> failures, long execution)
      throws TargetException {
    ObjectNames runObjects = executor.takeLastObjectNames();
    if (!executor.lastRunReusedClasses() || !replayable(run) || runObjects == null) {
      return new Checked(failures, null);
    }
    sharedRuns++;
    boolean audit = sharedRuns == nextAudit;
    if (audit) {
      nextAudit *= 2;
    }
    if (!audit && failures.isEmpty()) {
      return new Checked(failures, null);
    }
    RunResult again;
    output.beginExecution(false);
    try {
      again = executor.executeOnFreshClasses(new ReplayStrategy(run.decisions()), execution);
    } finally {
      output.endExecution();
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
    String difference = difference(run, runObjects, again, executor.takeLastObjectNames());
    if (difference == null && dropped == null) {
      return new Checked(failures, null);
    }
    if (difference == null) {
      difference = "the same trace without the failure";
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
              + " class the rewrite misses)";
    }
    executor.stopReuse(reason);
    return new Checked(standing, reason);
  }

  private static boolean replayable(RunResult run) {
    if (run.outcome() != RunResult.Outcome.PASSED && run.outcome() != RunResult.Outcome.FAILED) {
      return false;
    }
    for (Failure f : run.failures()) {
      if (f.kind() == FindingKind.HANG) {
        return false;
      }
    }
    return true;
  }

  /** How the replay on plain classes differed from the run, or null when it did not. */
  private String difference(
      RunResult run, ObjectNames runObjects, RunResult again, ObjectNames againObjects) {
    if (again.outcome() == RunResult.Outcome.DIVERGED) {
      return "the replay diverged: " + again.diagnostic();
    }
    if (again.outcome() != run.outcome()) {
      return "the run "
          + run.outcome().name().toLowerCase(Locale.ROOT)
          + ", the replay "
          + again.outcome().name().toLowerCase(Locale.ROOT);
    }
    var sites = executor.sites();
    var fields = executor.instrumenter().fields();
    if (RunFingerprint.of(run, sites, fields, runObjects)
        != RunFingerprint.of(again, sites, fields, againObjects)) {
      int events = run.trace() == null ? 0 : run.trace().size();
      int replayed = again.trace() == null ? 0 : again.trace().size();
      return "same decisions, another trace: "
          + events
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
