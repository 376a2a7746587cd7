package dev.weft.runtime.juc.queued;

import dev.weft.runtime.control.Blocked;
import dev.weft.runtime.control.ControlledThread;
import java.util.Collection;
import java.util.concurrent.locks.AbstractOwnableSynchronizer;
import java.util.concurrent.locks.AbstractQueuedSynchronizer;

/**
 * {@code AbstractQueuedSynchronizer}'s final methods called on a program's own subclass ({@link
 * SynchronizerModel}); on a JDK class the JDK's own method runs. The owner thread of {@code
 * AbstractOwnableSynchronizer} is here too, for both families.
 */
public final class QueuedSynchronizers {
  private QueuedSynchronizers() {}

  public static int getState(AbstractQueuedSynchronizer sync, int site) {
    return (int) SynchronizerModel.getState(sync, site);
  }

  public static void setState(AbstractQueuedSynchronizer sync, int value, int site) {
    SynchronizerModel.setState(sync, value, site);
  }

  public static boolean compareAndSetState(
      AbstractQueuedSynchronizer sync, int expect, int update, int site) {
    return SynchronizerModel.compareAndSetState(sync, expect, update, site);
  }

  public static Thread getExclusiveOwnerThread(AbstractOwnableSynchronizer sync, int site) {
    return SynchronizerModel.getOwner(sync, site);
  }

  public static void setExclusiveOwnerThread(
      AbstractOwnableSynchronizer sync, Thread owner, int site) {
    SynchronizerModel.setOwner(sync, owner, site);
  }

  public static void acquire(AbstractQueuedSynchronizer sync, int arg, int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    if (t == null) {
      sync.acquire(arg);
      return;
    }
    SynchronizerModel.acquire(t, sync, arg, false, false, -1, site);
  }

  public static void acquireShared(AbstractQueuedSynchronizer sync, int arg, int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    if (t == null) {
      sync.acquireShared(arg);
      return;
    }
    SynchronizerModel.acquire(t, sync, arg, true, false, -1, site);
  }

  public static void acquireInterruptibly(AbstractQueuedSynchronizer sync, int arg, int site)
      throws InterruptedException {
    ControlledThread t = SynchronizerModel.caller(sync);
    if (t == null) {
      sync.acquireInterruptibly(arg);
      return;
    }
    SynchronizerModel.acquire(t, sync, arg, false, true, -1, site).throwIfInterrupted();
  }

  public static void acquireSharedInterruptibly(AbstractQueuedSynchronizer sync, int arg, int site)
      throws InterruptedException {
    ControlledThread t = SynchronizerModel.caller(sync);
    if (t == null) {
      sync.acquireSharedInterruptibly(arg);
      return;
    }
    SynchronizerModel.acquire(t, sync, arg, true, true, -1, site).throwIfInterrupted();
  }

  public static boolean tryAcquireNanos(
      AbstractQueuedSynchronizer sync, int arg, long nanos, int site) throws InterruptedException {
    ControlledThread t = SynchronizerModel.caller(sync);
    if (t == null) {
      return sync.tryAcquireNanos(arg, nanos);
    }
    Blocked b = SynchronizerModel.acquire(t, sync, arg, false, true, Math.max(0, nanos), site);
    b.throwIfInterrupted();
    return b == Blocked.DONE;
  }

  public static boolean tryAcquireSharedNanos(
      AbstractQueuedSynchronizer sync, int arg, long nanos, int site) throws InterruptedException {
    ControlledThread t = SynchronizerModel.caller(sync);
    if (t == null) {
      return sync.tryAcquireSharedNanos(arg, nanos);
    }
    Blocked b = SynchronizerModel.acquire(t, sync, arg, true, true, Math.max(0, nanos), site);
    b.throwIfInterrupted();
    return b == Blocked.DONE;
  }

  public static boolean release(AbstractQueuedSynchronizer sync, int arg, int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    if (t == null) {
      return sync.release(arg);
    }
    return SynchronizerModel.release(t, sync, arg, false, site);
  }

  public static boolean releaseShared(AbstractQueuedSynchronizer sync, int arg, int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    if (t == null) {
      return sync.releaseShared(arg);
    }
    return SynchronizerModel.release(t, sync, arg, true, site);
  }

  public static boolean hasQueuedThreads(AbstractQueuedSynchronizer sync, int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    return t == null
        ? sync.hasQueuedThreads()
        : !SynchronizerModel.inspect(t, sync, site).isEmpty();
  }

  public static boolean hasContended(AbstractQueuedSynchronizer sync, int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    return t == null ? sync.hasContended() : SynchronizerModel.hasContended(t, sync, site);
  }

  public static Thread getFirstQueuedThread(AbstractQueuedSynchronizer sync, int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    return t == null
        ? sync.getFirstQueuedThread()
        : SynchronizerModel.firstQueuedThread(t, sync, site);
  }

  public static boolean isQueued(AbstractQueuedSynchronizer sync, Thread thread, int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    return t == null ? sync.isQueued(thread) : SynchronizerModel.isQueued(t, sync, thread, site);
  }

  public static boolean hasQueuedPredecessors(AbstractQueuedSynchronizer sync, int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    return t == null
        ? sync.hasQueuedPredecessors()
        : SynchronizerModel.hasQueuedPredecessors(t, sync, site);
  }

  public static int getQueueLength(AbstractQueuedSynchronizer sync, int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    return t == null ? sync.getQueueLength() : SynchronizerModel.inspect(t, sync, site).size();
  }

  public static Collection<Thread> getQueuedThreads(AbstractQueuedSynchronizer sync, int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    return t == null
        ? sync.getQueuedThreads()
        : SynchronizerModel.queuedThreads(t, sync, null, site);
  }

  public static Collection<Thread> getExclusiveQueuedThreads(
      AbstractQueuedSynchronizer sync, int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    return t == null
        ? sync.getExclusiveQueuedThreads()
        : SynchronizerModel.queuedThreads(t, sync, false, site);
  }

  public static Collection<Thread> getSharedQueuedThreads(
      AbstractQueuedSynchronizer sync, int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    return t == null
        ? sync.getSharedQueuedThreads()
        : SynchronizerModel.queuedThreads(t, sync, true, site);
  }

  public static boolean owns(
      AbstractQueuedSynchronizer sync,
      AbstractQueuedSynchronizer.ConditionObject condition,
      int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    return t == null ? sync.owns(condition) : QueuedConditions.owns(sync, condition);
  }

  public static boolean hasWaiters(
      AbstractQueuedSynchronizer sync,
      AbstractQueuedSynchronizer.ConditionObject condition,
      int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    return t == null
        ? sync.hasWaiters(condition)
        : !QueuedConditions.waitingThreads(t, sync, condition, site).isEmpty();
  }

  public static int getWaitQueueLength(
      AbstractQueuedSynchronizer sync,
      AbstractQueuedSynchronizer.ConditionObject condition,
      int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    return t == null
        ? sync.getWaitQueueLength(condition)
        : QueuedConditions.waitingThreads(t, sync, condition, site).size();
  }

  public static Collection<Thread> getWaitingThreads(
      AbstractQueuedSynchronizer sync,
      AbstractQueuedSynchronizer.ConditionObject condition,
      int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    return t == null
        ? sync.getWaitingThreads(condition)
        : QueuedConditions.waitingThreads(t, sync, condition, site);
  }
}
