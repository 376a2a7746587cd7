package dev.weft.runtime.sync;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.Readiness;
import dev.weft.runtime.control.Wait;

/**
 * The second half of {@code Object.wait}: ready once the thread was notified (or interrupted, or
 * its timeout fires) and the monitor is free to take back.
 */
final class MonitorReacquireWait implements Wait {
  private final Object object;
  private final Monitor monitor;

  /** Set by {@code notify}/{@code notifyAll}. */
  boolean notified;

  MonitorReacquireWait(Object object, Monitor monitor) {
    this.object = object;
    this.monitor = monitor;
  }

  @Override
  public Readiness readiness(ControlledThread t) {
    if (!monitor.canEnter(t)) {
      return Readiness.BLOCKED;
    }
    if (notified || t.isInterrupted()) {
      return Readiness.READY;
    }
    return t.timedReadiness();
  }

  @Override
  public String describe(ControlledThread t, ObjectNamer names) {
    String on = names.describe(object, t.pendingSite());
    if (notified && monitor.owner != null) {
      return "was notified but waits to re-lock " + on + " held by " + monitor.owner;
    }
    return "waits in wait() on " + on + " and nobody will notify it";
  }
}
