package dev.weft.runtime.races;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.jdk.LockViews;
import java.util.concurrent.Future;

/**
 * Where the models tell the race oracle what they saw: calls on JDK objects, future reads, lock
 * views. Each is a no-op outside a controlled thread, with the oracle off, or inside a static
 * initialiser.
 */
public final class RaceCalls {
  private RaceCalls() {}

  /**
   * A call from target code on a JDK object. {@code traceNumber} is the receiver's number when the
   * call is also an event on its contents, else 0.
   */
  public static void jdkCall(Object receiver, int traceNumber, String method, int site) {
    ControlledThread t = ControlledThread.current();
    if (t == null) {
      return;
    }
    RaceLog log = t.scheduler().raceLogFor(t);
    if (log == null) {
      return;
    }
    if (NotThreadSafe.isWatched(receiver.getClass())) {
      log.call(t.index(), receiver, traceNumber, method, site);
    } else if (traceNumber > 0 && receiver instanceof Future) {
      log.future(traceNumber);
    }
  }

  /** A read of a future's completion, numbered {@code traceNumber} in the run. */
  public static void futureRead(ControlledThread t, int traceNumber) {
    RaceLog log = t.scheduler().raceLogFor(t);
    if (log != null) {
      log.future(traceNumber);
    }
  }

  /** A release of {@code location} after its event: see {@link RaceLog#release}. */
  public static void released(ControlledThread t, long location) {
    RaceLog log = t.scheduler().raceLogFor(t);
    if (log != null) {
      log.release(t.index(), location);
    }
  }

  /** A lock operation on {@code lock}, numbered {@code traceNumber}: is it a view of another? */
  public static void lock(ControlledThread t, Object lock, int traceNumber) {
    RaceLog log = t.scheduler().raceLogFor(t);
    if (log == null) {
      return;
    }
    LockViews.SharedLock shared = LockViews.of(lock);
    if (shared != null) {
      log.lockView(traceNumber, shared.lock(), shared.readSide());
    }
  }
}
