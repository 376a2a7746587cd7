package dev.weft.runtime.juc.queued;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.Readiness;
import dev.weft.runtime.control.Wait;

/**
 * A thread in {@code await} on a condition of a program's own synchronizer. Until a signal moves it
 * to the synchronizer's queue it may be interrupted (if it may) or time out; once moved, it waits,
 * as the JDK's does, for a release to wake it there, however long that takes.
 */
final class ConditionWaiter implements Wait {
  final ControlledThread thread;
  private final boolean interruptible;
  private final Object condition;
  private final Object synchronizer;

  /** Its node in the synchronizer's queue, once a signal has moved it there. */
  QueuedNode node;

  /** It stopped waiting before any signal: interrupted or timed out. */
  boolean cancelled;

  /**
   * It was interrupted while it waited (or before), so {@code await} throws once it has the lock.
   */
  boolean interrupted;

  ConditionWaiter(
      ControlledThread thread, Object condition, Object synchronizer, boolean interruptible) {
    this.thread = thread;
    this.condition = condition;
    this.synchronizer = synchronizer;
    this.interruptible = interruptible;
  }

  @Override
  public Readiness readiness(ControlledThread t) {
    if (node != null) {
      return node.signalled ? Readiness.READY : Readiness.BLOCKED;
    }
    if (interruptible && t.isInterrupted()) {
      return Readiness.READY;
    }
    return t.timedReadiness();
  }

  /** Not yet signalled (nor interrupted): {@code Condition} lets {@code await} return anyway. */
  @Override
  public boolean mayWakeSpuriously(ControlledThread t) {
    return node == null && !(interruptible && t.isInterrupted());
  }

  @Override
  public String describe(ControlledThread t, ObjectNamer names) {
    if (node != null) {
      return "was signalled but waits to take back "
          + names.describe(synchronizer, t.pendingSite())
          + ", and no release will wake it";
    }
    return "waits in await on "
        + names.describe(condition, t.pendingSite())
        + " and nobody will signal it";
  }
}
