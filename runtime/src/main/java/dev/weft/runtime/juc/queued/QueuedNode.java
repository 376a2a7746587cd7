package dev.weft.runtime.juc.queued;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.Readiness;
import dev.weft.runtime.control.Wait;

/**
 * A thread queued on a program's own synchronizer, as a node of the JDK's queue would be: it may
 * try to acquire when it is first in the queue, and waits, as parked in the JDK, until a release
 * signals it (or, if it may, until it is interrupted or times out). The signal is a permit: one
 * that arrives while the thread is still trying is kept, so no wake-up is lost.
 */
final class QueuedNode implements Wait {
  final ControlledThread thread;
  final boolean shared;
  private final boolean interruptible;
  private final SynchronizerQueue queue;

  /** Unparked by a release (or by a node before it that gave up) since its last attempt. */
  boolean signalled;

  QueuedNode(
      ControlledThread thread, SynchronizerQueue queue, boolean shared, boolean interruptible) {
    this.thread = thread;
    this.queue = queue;
    this.shared = shared;
    this.interruptible = interruptible;
  }

  @Override
  public Readiness readiness(ControlledThread t) {
    if (signalled || (interruptible && t.isInterrupted())) {
      return Readiness.READY;
    }
    return t.timedReadiness();
  }

  @Override
  public String describe(ControlledThread t, ObjectNamer names) {
    String op = t.scheduler().sites().get(t.pendingSite()).operation();
    int ahead = queue.position(this);
    return "waits in "
        + op
        + " on "
        + names.describe(queue.synchronizer, t.pendingSite())
        + (ahead > 0 ? " queued behind " + ahead + " other thread(s)" : " first in its queue")
        + ", and no release will wake it";
  }
}
