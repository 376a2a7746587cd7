package dev.weft.fuzz.campaign;

import dev.weft.fuzz.output.TargetOutput;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetException;
import dev.weft.runtime.oracle.Failure;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.runtime.strategy.ReplayStrategy;
import java.util.ArrayList;
import java.util.List;

/**
 * Confirms that a finding made on shared, rewritten classes belongs to the program: its run is
 * replayed once on classes defined for that replay alone, without the rewrite. Runs on shared
 * classes start from fresh statics, but not every static can be reset (an interface constant that
 * holds a mutable object keeps what earlier runs put in it), and the rewrite misses some ways a
 * class gets initialised (a static set by reflection first); a finding that does not come back on
 * plain classes came from one of those, so it is not reported, and every later run of the campaign
 * gets plain classes of its own. A hang is not replayed (each replay would spend a whole run
 * budget).
 */
public final class FreshClassCheck {
  private FreshClassCheck() {}

  /** The failures that stand, and why the others were dropped (null when none was). */
  public record Checked(List<Failure> standing, String dropped) {}

  /**
   * Checks the new {@code failures} of {@code run}: all stand when the run did not reuse classes;
   * otherwise the run is replayed once on fresh classes and a failure that does not come back is
   * dropped, and the executor no longer reuses classes.
   */
  public static Checked check(
      RunExecutor executor,
      TargetOutput output,
      RunResult run,
      List<Failure> failures,
      long execution)
      throws TargetException {
    boolean replayable = false;
    for (Failure f : failures) {
      replayable |= f.kind() != FindingKind.HANG;
    }
    if (!executor.lastRunReusedClasses() || !replayable) {
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
      if (f.kind() == FindingKind.HANG || again.failure(f.signature()) != null) {
        standing.add(f);
      } else if (dropped == null) {
        dropped = f;
      }
    }
    if (dropped == null) {
      return new Checked(failures, null);
    }
    String kind = dropped.kind().label();
    String reason =
        ("aeiou".indexOf(kind.charAt(0)) >= 0 ? "an " : "a ")
            + kind
            + " found at execution "
            + execution
            + " did not come back when its run was replayed on classes defined afresh, so it"
            + " came from sharing classes across runs (state an earlier run left in a static Weft"
            + " could not reset, or a way of initialising a class the rewrite misses); it is not"
            + " reported ("
            + firstLine(dropped.message())
            + ")";
    executor.stopReuse(reason);
    return new Checked(standing, reason);
  }

  private static String firstLine(String s) {
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
