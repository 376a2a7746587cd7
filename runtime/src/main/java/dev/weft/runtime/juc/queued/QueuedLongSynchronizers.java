package dev.weft.runtime.juc.queued;

import dev.weft.runtime.control.Blocked;
import dev.weft.runtime.control.ControlledThread;
import java.util.Collection;
import java.util.concurrent.locks.AbstractQueuedLongSynchronizer;

/**
 * {@code AbstractQueuedLongSynchronizer}'s final methods called on a program's own subclass: the
 * same model as {@link QueuedSynchronizers}, with a {@code long} state.
 */
public final class QueuedLongSynchronizers {
  private QueuedLongSynchronizers() {}

  public static long getState(AbstractQueuedLongSynchronizer sync, int site) {
    return SynchronizerModel.getState(sync, site);
  }

  public static void setState(AbstractQueuedLongSynchronizer sync, long value, int site) {
    SynchronizerModel.setState(sync, value, site);
  }

  public static boolean compareAndSetState(
      AbstractQueuedLongSynchronizer sync, long expect, long update, int site) {
    return SynchronizerModel.compareAndSetState(sync, expect, update, site);
  }

  public static void acquire(AbstractQueuedLongSynchronizer sync, long arg, int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    if (t == null) {
      sync.acquire(arg);
      return;
    }
    SynchronizerModel.acquire(t, sync, arg, false, false, -1, site);
  }

  public static void acquireShared(AbstractQueuedLongSynchronizer sync, long arg, int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    if (t == null) {
      sync.acquireShared(arg);
      return;
    }
    SynchronizerModel.acquire(t, sync, arg, true, false, -1, site);
  }

  public static void acquireInterruptibly(AbstractQueuedLongSynchronizer sync, long arg, int site)
      throws InterruptedException {
    ControlledThread t = SynchronizerModel.caller(sync);
    if (t == null) {
      sync.acquireInterruptibly(arg);
      return;
    }
    SynchronizerModel.acquire(t, sync, arg, false, true, -1, site).throwIfInterrupted();
  }

  public static void acquireSharedInterruptibly(
      AbstractQueuedLongSynchronizer sync, long arg, int site) throws InterruptedException {
    ControlledThread t = SynchronizerModel.caller(sync);
    if (t == null) {
      sync.acquireSharedInterruptibly(arg);
      return;
    }
    SynchronizerModel.acquire(t, sync, arg, true, true, -1, site).throwIfInterrupted();
  }

  public static boolean tryAcquireNanos(
      AbstractQueuedLongSynchronizer sync, long arg, long nanos, int site)
      throws InterruptedException {
    ControlledThread t = SynchronizerModel.caller(sync);
    if (t == null) {
      return sync.tryAcquireNanos(arg, nanos);
    }
    Blocked b = SynchronizerModel.acquire(t, sync, arg, false, true, Math.max(0, nanos), site);
    b.throwIfInterrupted();
    return b == Blocked.DONE;
  }

  public static boolean tryAcquireSharedNanos(
      AbstractQueuedLongSynchronizer sync, long arg, long nanos, int site)
      throws InterruptedException {
    ControlledThread t = SynchronizerModel.caller(sync);
    if (t == null) {
      return sync.tryAcquireSharedNanos(arg, nanos);
    }
    Blocked b = SynchronizerModel.acquire(t, sync, arg, true, true, Math.max(0, nanos), site);
    b.throwIfInterrupted();
    return b == Blocked.DONE;
  }

  public static boolean release(AbstractQueuedLongSynchronizer sync, long arg, int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    if (t == null) {
      return sync.release(arg);
    }
    return SynchronizerModel.release(t, sync, arg, false, site);
  }

  public static boolean releaseShared(AbstractQueuedLongSynchronizer sync, long arg, int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    if (t == null) {
      return sync.releaseShared(arg);
    }
    return SynchronizerModel.release(t, sync, arg, true, site);
  }

  public static boolean hasQueuedThreads(AbstractQueuedLongSynchronizer sync, int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    return t == null
        ? sync.hasQueuedThreads()
        : !SynchronizerModel.inspect(t, sync, site).isEmpty();
  }

  public static boolean hasContended(AbstractQueuedLongSynchronizer sync, int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    return t == null ? sync.hasContended() : SynchronizerModel.hasContended(t, sync, site);
  }

  public static Thread getFirstQueuedThread(AbstractQueuedLongSynchronizer sync, int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    return t == null
        ? sync.getFirstQueuedThread()
        : SynchronizerModel.firstQueuedThread(t, sync, site);
  }

  public static boolean isQueued(AbstractQueuedLongSynchronizer sync, Thread thread, int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    return t == null ? sync.isQueued(thread) : SynchronizerModel.isQueued(t, sync, thread, site);
  }

  public static boolean hasQueuedPredecessors(AbstractQueuedLongSynchronizer sync, int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    return t == null
        ? sync.hasQueuedPredecessors()
        : SynchronizerModel.hasQueuedPredecessors(t, sync, site);
  }

  public static int getQueueLength(AbstractQueuedLongSynchronizer sync, int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    return t == null ? sync.getQueueLength() : SynchronizerModel.inspect(t, sync, site).size();
  }

  public static Collection<Thread> getQueuedThreads(AbstractQueuedLongSynchronizer sync, int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    return t == null
        ? sync.getQueuedThreads()
        : SynchronizerModel.queuedThreads(t, sync, null, site);
  }

  public static Collection<Thread> getExclusiveQueuedThreads(
      AbstractQueuedLongSynchronizer sync, int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    return t == null
        ? sync.getExclusiveQueuedThreads()
        : SynchronizerModel.queuedThreads(t, sync, false, site);
  }

  public static Collection<Thread> getSharedQueuedThreads(
      AbstractQueuedLongSynchronizer sync, int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    return t == null
        ? sync.getSharedQueuedThreads()
        : SynchronizerModel.queuedThreads(t, sync, true, site);
  }

  public static boolean owns(
      AbstractQueuedLongSynchronizer sync,
      AbstractQueuedLongSynchronizer.ConditionObject condition,
      int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    return t == null ? sync.owns(condition) : QueuedConditions.owns(sync, condition);
  }

  public static boolean hasWaiters(
      AbstractQueuedLongSynchronizer sync,
      AbstractQueuedLongSynchronizer.ConditionObject condition,
      int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    return t == null
        ? sync.hasWaiters(condition)
        : !QueuedConditions.waitingThreads(t, sync, condition, site).isEmpty();
  }

  public static int getWaitQueueLength(
      AbstractQueuedLongSynchronizer sync,
      AbstractQueuedLongSynchronizer.ConditionObject condition,
      int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    return t == null
        ? sync.getWaitQueueLength(condition)
        : QueuedConditions.waitingThreads(t, sync, condition, site).size();
  }

  public static Collection<Thread> getWaitingThreads(
      AbstractQueuedLongSynchronizer sync,
      AbstractQueuedLongSynchronizer.ConditionObject condition,
      int site) {
    ControlledThread t = SynchronizerModel.caller(sync);
    return t == null
        ? sync.getWaitingThreads(condition)
        : QueuedConditions.waitingThreads(t, sync, condition, site);
  }
}
