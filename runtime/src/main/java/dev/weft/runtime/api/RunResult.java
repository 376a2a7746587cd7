package dev.weft.runtime.api;

import dev.weft.runtime.oracle.Failure;
import dev.weft.runtime.trace.Trace;
import java.util.List;

/**
 * Everything one run produced: its outcome, its trace, and the decisions that replay it exactly.
 *
 * @param decisions the chosen thread index at every point where more than one thread was enabled
 * @param threadNames stable names of the run's threads, by index
 * @param diagnostic why a run was skipped, or null
 */
public record RunResult(
    Outcome outcome,
    Failure failure,
    Trace trace,
    int[] decisions,
    List<String> threadNames,
    int steps,
    long nanos,
    String diagnostic) {

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
}
