package dev.weft.runtime.exec;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.Scheduler;
import java.util.ArrayList;
import java.util.List;

/**
 * The carriers a run's threads may still occupy once the run has ended. The executor must know
 * before the next run: one inside Weft's own work reaches Weft's next check and unwinds, so it is
 * waited for; one that stays in the program's code or blocked is abandoned, never reused, and said
 * as what it is.
 */
final class LeftCarriers {
  private LeftCarriers() {}

  /**
   * Whether a thread whose carrier has not finished is inside Weft's own work ({@code OwnWork}).
   */
  static boolean anyInOwnWork(Scheduler scheduler) {
    for (ControlledThread t : scheduler.threadsSoFar()) {
      if (t.carrierBusy() && t.inOwnWork()) {
        return true;
      }
    }
    return false;
  }

  /**
   * Waits until every carrier of the run has finished its thread's work, or the deadline passed;
   * returns how many had not (they are abandoned: stuck in target code, never reused).
   */
  static int await(Scheduler scheduler, long deadlineNanos) throws InterruptedException {
    int stuck = 0;
    for (ControlledThread t : scheduler.threadsSoFar()) {
      if (!t.awaitCarrier(deadlineNanos)) {
        stuck++;
      }
    }
    return stuck;
  }

  /**
   * What each thread whose carrier has not finished is doing, as the JVM says: {@code RUNNABLE}
   * (running code without reaching a scheduling point), or blocked and where.
   */
  static List<String> unfinished(Scheduler scheduler) {
    List<String> out = new ArrayList<>();
    for (ControlledThread t : scheduler.threadsSoFar()) {
      if (t.carrierBusy()) {
        Thread c = t.carrier();
        out.add(t + ": " + (c == null ? "not started" : c.getState().toString()));
      }
    }
    return out;
  }
}
