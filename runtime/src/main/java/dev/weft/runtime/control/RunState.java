package dev.weft.runtime.control;

import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.carrier.OneShot;
import dev.weft.runtime.carrier.WaitTicks;
import dev.weft.runtime.oracle.Failure;
import java.util.ArrayList;
import java.util.List;

/**
 * How one run is going: whether it was aborted, the failures seen so far, how it ended, and the
 * latch the controller waits on. As on the JVM, an uncaught exception ends only its thread, so a
 * run collects failures (an exception, then the deadlock of a thread waiting for the dead one); the
 * verdict that ends the run is the first one given (a deadlock found by a thread and a wall-clock
 * hang found by the controller cannot both end it).
 */
final class RunState {
  private final OneShot ended = new OneShot();
  private volatile boolean aborted;
  private RunResult.Outcome outcome;
  private final List<Failure> failures = new ArrayList<>();
  private String diagnostic;

  boolean isAborted() {
    return aborted;
  }

  /** Records the verdict that ends the run unless one was recorded before. */
  synchronized void settle(RunResult.Outcome why, Failure failure, String diagnostic) {
    if (outcome == null) {
      this.outcome = why;
      if (failure != null) {
        failures.add(failure);
      }
      this.diagnostic = diagnostic;
    }
  }

  /** A failure that does not end the run: a thread died of an uncaught exception. */
  synchronized void failed(Failure failure) {
    if (outcome == null) {
      failures.add(failure);
    }
  }

  /** Marks the run aborted; carriers notice at their next step and unwind. */
  void markAborted() {
    aborted = true;
  }

  void end() {
    ended.signal();
  }

  /** Waits for the end, at most until the next {@link WaitTicks tick}; returns whether it came. */
  boolean awaitEndOrTick() throws InterruptedException {
    return ended.awaitOrTick();
  }

  /**
   * How the run ended. A failure seen before the run was skipped or ended by {@code System.exit} is
   * still a failure: it happened in a controlled, replayable prefix.
   */
  synchronized RunResult.Outcome outcome() {
    if (outcome == RunResult.Outcome.DIVERGED) {
      return outcome;
    }
    if (!failures.isEmpty()) {
      return RunResult.Outcome.FAILED;
    }
    return outcome == null ? RunResult.Outcome.PASSED : outcome;
  }

  synchronized List<Failure> failures() {
    return List.copyOf(failures);
  }

  synchronized String diagnostic() {
    return diagnostic;
  }
}
