package dev.weft.runtime.sync;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.Readiness;
import dev.weft.runtime.control.Wait;

/**
 * The second half of {@code Object.wait}: ready once the thread was notified (or interrupted, or
 * its timeout fires) and the monitor is free to take back; while the monitor is free, it may also
 * wake spuriously.
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

  /** Not notified, and the monitor is free: the JVM may let it return from {@code wait} anyway. */
  @Override
  public boolean mayWakeSpuriously(ControlledThread t) {
    return !notified && !t.isInterrupted() && monitor.canEnter(t);
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
