package dev.weft.runtime.api;

import dev.weft.runtime.oracle.Failure;
import dev.weft.runtime.races.Race;
import dev.weft.trace.Trace;
import java.util.List;

/**
 * Everything one run produced: its outcome, its trace, and the decisions that replay it exactly.
 *
 * @param failures every failure of the run in the order seen (an uncaught exception ends only its
 *     thread, so one run can show an exception and then the deadlock it causes); empty unless the
 *     run failed. The race oracle's findings come last.
 * @param races the races behind the {@code race} failures, in the same order
 * @param decisions the chosen thread index at every point where more than one thread was enabled
 * @param threadNames stable names of the run's threads, by index
 * @param diagnostic why a run was skipped, or null
 * @param programNames the names the program gave its threads ({@code Thread.getName()} at the end
 *     of the run), by index: what a report shows beside the stable names, which are what runs are
 *     compared by
 */
public record RunResult(
    Outcome outcome,
    List<Failure> failures,
    List<Race> races,
    Trace trace,
    int[] decisions,
    List<String> threadNames,
    int steps,
    long nanos,
    String diagnostic,
    List<String> programNames) {

  /** A result whose threads are known by their stable names only. */
  public RunResult(
      Outcome outcome,
      List<Failure> failures,
      List<Race> races,
      Trace trace,
      int[] decisions,
      List<String> threadNames,
      int steps,
      long nanos,
      String diagnostic) {
    this(
        outcome,
        failures,
        races,
        trace,
        decisions,
        threadNames,
        steps,
        nanos,
        diagnostic,
        threadNames);
  }

  /** How a run ended. */
  public enum Outcome {
    /** Every thread finished and no oracle fired. */
    PASSED,
    /** An oracle fired; see {@link #failure()}. */
    FAILED,
    /** The run could not be controlled (code blocked outside Weft); its result means nothing. */
    SKIPPED,
    /** Replay only: the recorded decisions did not fit the run. */
    DIVERGED
  }

  public boolean failed() {
    return outcome == Outcome.FAILED;
  }

  /** The run's first failure, or null. */
  public Failure failure() {
    return failures.isEmpty() ? null : failures.get(0);
  }

  /** The failure with this signature, or null: a finding replays when its own failure recurs. */
  public Failure failure(String signature) {
    for (Failure f : failures) {
      if (f.signature().equals(signature)) {
        return f;
      }
    }
    return null;
  }
}
