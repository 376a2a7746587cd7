package dev.weft.runtime.control;

/**
 * Brackets the time a program thread spends in Weft's own work rather than in the program: loading
 * and instrumenting a class, defining it, instrumenting a class the program defines while it runs.
 * On a busy machine such work can take seconds on the thread that asked for the class (a framework
 * that loads a whole library before its first thread), and none of it is the program's. The run's
 * watchdog takes a section of own work as progress and leaves its time out of the run's wall
 * budget, so that neither the stall budget nor {@code --run-timeout} can be spent by Weft itself.
 *
 * <p>Use as {@code OwnWork.begin(); try { ... } finally { OwnWork.end(); }}. On a thread that is
 * not a controlled thread of a run (the controller, a test) both are no-ops.
 */
public final class OwnWork {
  private OwnWork() {}

  /** The calling thread enters Weft's own work. */
  public static void begin() {
    ControlledThread t = ControlledThread.current();
    if (t != null) {
      t.beginOwnWork();
    }
  }

  /** The calling thread leaves the section {@link #begin} entered. */
  public static void end() {
    ControlledThread t = ControlledThread.current();
    if (t != null) {
      long nanos = t.endOwnWork();
      if (nanos > 0) {
        t.scheduler.ownWorkEnded(nanos);
      }
    }
  }
}
