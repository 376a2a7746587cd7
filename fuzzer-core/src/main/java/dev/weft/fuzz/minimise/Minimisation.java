package dev.weft.fuzz.minimise;

import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.oracle.Failure;
import java.util.List;

/**
 * What a minimisation gave: the run it ended with (its recorded decisions replay it exactly, and
 * its trace is the interleaving to show), how far it shrank, and what it cost.
 *
 * @param run the minimised run (the original one if nothing smaller reproduced)
 * @param failure the failure of {@code run} with the original signature
 * @param before the shape of the original run
 * @param after the shape of {@code run}
 * @param candidates candidate runs made after the original one
 * @param nanos time taken, the original run included
 * @param budgetSpent whether it stopped on its budget rather than at a 1-minimal schedule
 * @param switches the context switches of {@code run}, as recorded while it ran: a report marks its
 *     preemptions with them
 * @param originalSwitches those of the original run, as recorded when the minimiser replayed it;
 *     null if that replay made other decisions
 */
public record Minimisation(
    RunResult run,
    Failure failure,
    ScheduleShape before,
    ScheduleShape after,
    int candidates,
    long nanos,
    boolean budgetSpent,
    List<Switch> switches,
    List<Switch> originalSwitches) {

  public int[] decisions() {
    return run.decisions();
  }

  /** Whether the result is smaller than what it started from. */
  public boolean shrank() {
    return after.compareTo(before) < 0;
  }

  /** One line: before and after, and what it cost. */
  public String summary() {
    return String.format(
        "minimised from %s to %s in %.1f s (%d candidate runs%s)",
        before, after, nanos / 1e9, candidates, budgetSpent ? ", stopped by its budget" : "");
  }
}
