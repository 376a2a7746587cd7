package dev.weft.runtime.sync;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.Readiness;
import dev.weft.runtime.control.Wait;

/** {@code monitorenter} or a synchronized method: ready once nobody else holds the monitor. */
final class MonitorEntryWait implements Wait {
  private final Object object;
  private final Monitor monitor;

  MonitorEntryWait(Object object, Monitor monitor) {
    this.object = object;
    this.monitor = monitor;
  }

  @Override
  public Readiness readiness(ControlledThread t) {
    return monitor == null || monitor.canEnter(t) ? Readiness.READY : Readiness.BLOCKED;
  }

  @Override
  public String describe(ControlledThread t, ObjectNamer names) {
    String owner = monitor == null || monitor.owner == null ? "nobody" : monitor.owner.toString();
    return "waits to lock " + names.describe(object, t.pendingSite()) + " held by " + owner;
  }
}
