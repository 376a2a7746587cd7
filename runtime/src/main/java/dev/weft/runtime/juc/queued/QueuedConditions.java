package dev.weft.runtime.juc.queued;

import dev.weft.runtime.control.ActiveRun;
import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.RunLocal;
import dev.weft.runtime.control.Scheduler;
import dev.weft.runtime.jdk.ConditionOwners;
import dev.weft.runtime.jdk.JdkClasses;
import dev.weft.trace.EventKind;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Date;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;

/**
 * The {@code ConditionObject}s of a program's own synchronizers ({@link SynchronizerModel}), as the
 * JDK runs them: {@code await} needs {@code isHeldExclusively}, saves the state and releases all of
 * it, waits for a signal (or an interrupt or timeout), then acquires the saved state back through
 * the synchronizer's queue; {@code signal} moves the longest waiter to that queue, where the next
 * release wakes it. Timed waits run on the virtual clock.
 */
public final class QueuedConditions {
  private static final long UNTIMED = -1;

  /** Who waits on each condition of this run, first in first out. */
  private static final RunLocal<IdentityHashMap<Object, ArrayDeque<ConditionWaiter>>> WAITERS =
      new RunLocal<>(IdentityHashMap::new);

  private QueuedConditions() {}

  /**
   * The program-defined synchronizer {@code condition} belongs to, when this model runs it; null
   * for any other condition (a JDK lock's, a program's own implementation).
   */
  public static Object modelledOwner(Condition condition) {
    Object owner = ConditionOwners.ownerOf(condition);
    return owner == null || JdkClasses.isJdkClass(owner.getClass()) ? null : owner;
  }

  private static ArrayDeque<ConditionWaiter> waitersOf(Scheduler s, Object condition) {
    return WAITERS.of(s).computeIfAbsent(condition, k -> new ArrayDeque<>());
  }

  private static long location(ControlledThread t, Object condition, Object sync, int site) {
    Scheduler s = t.scheduler();
    String family = SynchronizerModel.family(SynchronizerMethods.of(sync));
    return s.objectLocation(
        condition, s.fields().idOf(family + "$ConditionObject", "firstWaiter"), site);
  }

  public static void await(Condition c, Object sync, int site) throws InterruptedException {
    ControlledThread t = ActiveRun.self();
    if (t == null) {
      c.await();
      return;
    }
    ConditionWaiter w = awaitModel(t, c, sync, UNTIMED, true, site);
    throwIfInterrupted(w);
  }

  public static void awaitUninterruptibly(Condition c, Object sync, int site) {
    ControlledThread t = ActiveRun.self();
    if (t == null) {
      c.awaitUninterruptibly();
      return;
    }
    awaitModel(t, c, sync, UNTIMED, false, site);
  }

  public static long awaitNanos(Condition c, Object sync, long nanos, int site)
      throws InterruptedException {
    ControlledThread t = ActiveRun.self();
    if (t == null) {
      return c.awaitNanos(nanos);
    }
    long start = t.scheduler().clock().elapsed();
    ConditionWaiter w = awaitModel(t, c, sync, Math.max(0, nanos), true, site);
    throwIfInterrupted(w);
    return nanos - (t.scheduler().clock().elapsed() - start);
  }

  public static boolean awaitTimed(Condition c, Object sync, long time, TimeUnit unit, int site)
      throws InterruptedException {
    ControlledThread t = ActiveRun.self();
    if (t == null) {
      return c.await(time, unit);
    }
    ConditionWaiter w = awaitModel(t, c, sync, Math.max(0, unit.toNanos(time)), true, site);
    throwIfInterrupted(w);
    return !w.cancelled;
  }

  public static boolean awaitUntil(Condition c, Object sync, Date deadline, int site)
      throws InterruptedException {
    ControlledThread t = ActiveRun.self();
    if (t == null) {
      return c.awaitUntil(deadline);
    }
    long millis = deadline.getTime() - t.scheduler().clock().currentTimeMillis();
    long nanos = Math.max(0, TimeUnit.MILLISECONDS.toNanos(millis));
    ConditionWaiter w = awaitModel(t, c, sync, nanos, true, site);
    throwIfInterrupted(w);
    return !w.cancelled;
  }

  private static void throwIfInterrupted(ConditionWaiter w) throws InterruptedException {
    if (w.interrupted) {
      throw new InterruptedException();
    }
  }

  /** {@code timeoutNanos}: negative waits until signalled, zero does not wait. */
  private static ConditionWaiter awaitModel(
      ControlledThread t,
      Condition c,
      Object sync,
      long timeoutNanos,
      boolean interruptible,
      int site) {
    ConditionWaiter w = new ConditionWaiter(t, c, sync, interruptible);
    if (interruptible && t.consumeInterrupt()) {
      w.interrupted = true;
      return w;
    }
    SynchronizerMethods m = SynchronizerMethods.of(sync);
    if (!m.isHeldExclusively(sync)) {
      throw new IllegalMonitorStateException();
    }
    Scheduler s = t.scheduler();
    long saved = SynchronizerModel.getState(sync, site);
    ArrayDeque<ConditionWaiter> waiters = waitersOf(s, c);
    waiters.addLast(w);
    if (!SynchronizerModel.release(t, sync, saved, false, site)) {
      waiters.remove(w);
      throw new IllegalMonitorStateException();
    }
    if (timeoutNanos != 0) {
      s.point(t, EventKind.WAIT, location(t, c, sync, site), site, c, Math.max(0, timeoutNanos), w);
    }
    SynchronizerQueue q = SynchronizerModel.queueOf(s, sync);
    QueuedNode node = w.node;
    boolean spurious = t.consumeSpuriousWakeup();
    if (node == null) { // not signalled: interrupted, out of time, or woken without cause
      waiters.remove(w); // it queues to take the lock back
      w.cancelled = !spurious; // a spurious wake-up returns as if signalled in time
      if (!spurious && interruptible && t.isInterrupted()) {
        t.setInterrupted(false);
        w.interrupted = true;
      } else if (!spurious && timeoutNanos > 0) {
        s.timedOut(t);
      }
      node = new QueuedNode(t, q, false, false);
      q.enqueue(node);
    }
    SynchronizerModel.awaitTurn(t, sync, m, q, node, saved, UNTIMED, site);
    return w;
  }

  public static void signal(Condition c, Object sync, int site) {
    signalSome(c, sync, false, site);
  }

  public static void signalAll(Condition c, Object sync, int site) {
    signalSome(c, sync, true, site);
  }

  private static void signalSome(Condition c, Object sync, boolean all, int site) {
    ControlledThread t = ActiveRun.self();
    if (t == null) {
      if (all) {
        c.signalAll();
      } else {
        c.signal();
      }
      return;
    }
    if (!SynchronizerMethods.of(sync).isHeldExclusively(sync)) {
      throw new IllegalMonitorStateException();
    }
    Scheduler s = t.scheduler();
    s.point(
        t,
        all ? EventKind.NOTIFY_ALL : EventKind.NOTIFY,
        location(t, c, sync, site),
        site,
        null,
        0);
    ArrayDeque<ConditionWaiter> waiters = waitersOf(s, c);
    SynchronizerQueue q = SynchronizerModel.queueOf(s, sync);
    do {
      ConditionWaiter w = waiters.pollFirst();
      if (w == null) {
        break;
      }
      w.node = new QueuedNode(w.thread, q, false, false);
      q.enqueue(w.node);
    } while (all);
  }

  // ------------------------------------------------------------ the synchronizer's questions

  /** {@code owns(condition)}: whether the condition was made by {@code sync}. */
  static boolean owns(Object sync, Object condition) {
    if (condition == null) {
      throw new NullPointerException();
    }
    return ConditionOwners.ownerOf(condition) == sync;
  }

  /**
   * The threads waiting on {@code condition} of {@code sync}, most recent first, after the JDK's
   * checks ({@code IllegalArgumentException} if not owned, {@code IllegalMonitorStateException} if
   * not held exclusively); a read of the condition.
   */
  static List<Thread> waitingThreads(ControlledThread t, Object sync, Object condition, int site) {
    if (!owns(sync, condition)) {
      throw new IllegalArgumentException("Not owner");
    }
    if (!SynchronizerMethods.of(sync).isHeldExclusively(sync)) {
      throw new IllegalMonitorStateException();
    }
    Scheduler s = t.scheduler();
    s.point(t, EventKind.READ, location(t, condition, sync, site), site, null, 0);
    List<Thread> out = new ArrayList<>();
    for (ConditionWaiter w : waitersOf(s, condition)) {
      out.add(0, w.thread.logical());
    }
    return out;
  }
}
