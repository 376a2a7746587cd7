package dev.weft.runtime.control;

import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.oracle.Failure;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * How one run is going: whether it was aborted, how it ended (the first verdict wins: a deadlock
 * found by a thread and a wall-clock hang found by the controller cannot both be reported), and the
 * latch the controller waits on.
 */
final class RunState {
  private final CountDownLatch ended = new CountDownLatch(1);
  private volatile boolean aborted;
  private RunResult.Outcome outcome;
  private Failure failure;
  private String diagnostic;

  boolean isAborted() {
    return aborted;
  }

  /** Records the run's verdict unless one was recorded before. */
  synchronized void settle(RunResult.Outcome why, Failure failure, String diagnostic) {
    if (outcome == null) {
      this.outcome = why;
      this.failure = failure;
      this.diagnostic = diagnostic;
    }
  }

  /** Marks the run aborted; carriers notice at their next step and unwind. */
  void markAborted() {
    aborted = true;
  }

  void end() {
    ended.countDown();
  }

  boolean awaitEnd(long timeout, TimeUnit unit) throws InterruptedException {
    return ended.await(timeout, unit);
  }

  synchronized RunResult.Outcome outcome() {
    return outcome == null ? RunResult.Outcome.PASSED : outcome;
  }

  synchronized Failure failure() {
    return failure;
  }

  synchronized String diagnostic() {
    return diagnostic;
  }
}
