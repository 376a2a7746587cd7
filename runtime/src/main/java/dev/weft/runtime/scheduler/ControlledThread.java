package dev.weft.runtime.scheduler;

import dev.weft.runtime.trace.EventKind;

/**
 * Weft's model of one target thread in one run: what it will do next, what it waits for, and the
 * platform thread (the carrier) that executes its code. The target's own {@link Thread} object is
 * never started; the carrier runs its {@code run()} so that Weft controls the thread's first and
 * last step.
 */
final class ControlledThread {
  private static final ThreadLocal<ControlledThread> CURRENT = new ThreadLocal<>();

  final Scheduler scheduler;
  final int index;
  final String stableName;
  Thread logical;
  Thread carrier;
  int children;

  EventKind pendingKind;
  long pendingLocation;
  int pendingSite;
  Object pendingObject;
  long pendingTimeout;

  boolean finished;
  boolean interrupted;

  /** Set by notify, consumed by the wake-up after {@code wait}. */
  boolean notified;

  int savedMonitorDepth;

  /** Global index of the event that started this thread, or -1 (the main thread). */
  int startEvent = -1;

  /** Global index of this thread's last event, once it has finished. */
  int endEvent = -1;

  /** Static initialisers run atomically: no switch while this is positive. */
  int atomicDepth;

  /** Virtual time at which the pending point was announced; timeouts count from here. */
  long pendingSince;

  /**
   * Blocked in a modelled operation whose last attempt failed: enabled again only when the sync
   * version moves past {@link #blockedAtVersion}, when interrupted (if interruptible), or to time
   * out.
   */
  boolean awaitingChange;

  /** Inside {@link Scheduler#block}: the monitor model does not apply to the pending event. */
  boolean inBlock;

  int blockedAtVersion;
  boolean blockInterruptible;

  /** A cyclic barrier's action between its constructor's arguments and the new barrier. */
  Runnable pendingBarrierAction;

  /** Holder class and field name between a field updater's arguments and the new updater. */
  Object[] pendingUpdaterField;

  /** Index of the event of the JDK call in progress, to correct a failed CAS into a read. */
  int lastAccessEvent;

  /** A pool worker waiting for work; see {@code Hooks.idle}. */
  boolean idle;

  /** {@code LockSupport}'s permit. */
  boolean permit;

  /** What the thread has polled since it last did anything but read; see {@link SpinFairness}. */
  final SpinFairness.Window spin = new SpinFairness.Window();

  volatile boolean parked;

  ControlledThread(Scheduler scheduler, int index, String stableName, Thread logical) {
    this.scheduler = scheduler;
    this.index = index;
    this.stableName = stableName;
    this.logical = logical;
  }

  static ControlledThread current() {
    return CURRENT.get();
  }

  void bindToCurrentCarrier() {
    CURRENT.set(this);
  }

  void unbindCarrier() {
    CURRENT.remove();
  }

  void setPending(EventKind kind, long location, int site, Object object, long timeout) {
    pendingKind = kind;
    pendingLocation = location;
    pendingSite = site;
    pendingObject = object;
    pendingTimeout = timeout;
  }

  @Override
  public String toString() {
    String javaName = logical == null ? "" : " (\"" + logical.getName() + "\")";
    return stableName + javaName;
  }
}
