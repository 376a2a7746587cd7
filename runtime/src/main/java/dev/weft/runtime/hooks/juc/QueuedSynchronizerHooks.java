package dev.weft.runtime.hooks.juc;

import dev.weft.runtime.juc.queued.QueuedLongSynchronizers;
import dev.weft.runtime.juc.queued.QueuedSynchronizers;
import java.util.Collection;
import java.util.concurrent.locks.AbstractOwnableSynchronizer;
import java.util.concurrent.locks.AbstractQueuedLongSynchronizer;
import java.util.concurrent.locks.AbstractQueuedSynchronizer;

/**
 * Calls of the final methods of {@code AbstractQueuedSynchronizer}, {@code
 * AbstractQueuedLongSynchronizer} and {@code AbstractOwnableSynchronizer} from target code: the
 * program's own synchronizers built on them. Part of the ABI that instrumented code calls:
 * forwarding only, so the hook table stays a plain list of entry points and the behaviour lives in
 * the models.
 */
public final class QueuedSynchronizerHooks {
  private QueuedSynchronizerHooks() {}

  public static int getState(AbstractQueuedSynchronizer sync, int site) {
    return QueuedSynchronizers.getState(sync, site);
  }

  public static void setState(AbstractQueuedSynchronizer sync, int value, int site) {
    QueuedSynchronizers.setState(sync, value, site);
  }

  public static boolean compareAndSetState(
      AbstractQueuedSynchronizer sync, int expect, int update, int site) {
    return QueuedSynchronizers.compareAndSetState(sync, expect, update, site);
  }

  public static void acquire(AbstractQueuedSynchronizer sync, int arg, int site) {
    QueuedSynchronizers.acquire(sync, arg, site);
  }

  public static void acquireInterruptibly(AbstractQueuedSynchronizer sync, int arg, int site)
      throws InterruptedException {
    QueuedSynchronizers.acquireInterruptibly(sync, arg, site);
  }

  public static boolean tryAcquireNanos(
      AbstractQueuedSynchronizer sync, int arg, long nanos, int site) throws InterruptedException {
    return QueuedSynchronizers.tryAcquireNanos(sync, arg, nanos, site);
  }

  public static boolean release(AbstractQueuedSynchronizer sync, int arg, int site) {
    return QueuedSynchronizers.release(sync, arg, site);
  }

  public static void acquireShared(AbstractQueuedSynchronizer sync, int arg, int site) {
    QueuedSynchronizers.acquireShared(sync, arg, site);
  }

  public static void acquireSharedInterruptibly(AbstractQueuedSynchronizer sync, int arg, int site)
      throws InterruptedException {
    QueuedSynchronizers.acquireSharedInterruptibly(sync, arg, site);
  }

  public static boolean tryAcquireSharedNanos(
      AbstractQueuedSynchronizer sync, int arg, long nanos, int site) throws InterruptedException {
    return QueuedSynchronizers.tryAcquireSharedNanos(sync, arg, nanos, site);
  }

  public static boolean releaseShared(AbstractQueuedSynchronizer sync, int arg, int site) {
    return QueuedSynchronizers.releaseShared(sync, arg, site);
  }

  public static boolean hasQueuedThreads(AbstractQueuedSynchronizer sync, int site) {
    return QueuedSynchronizers.hasQueuedThreads(sync, site);
  }

  public static boolean hasContended(AbstractQueuedSynchronizer sync, int site) {
    return QueuedSynchronizers.hasContended(sync, site);
  }

  public static Thread getFirstQueuedThread(AbstractQueuedSynchronizer sync, int site) {
    return QueuedSynchronizers.getFirstQueuedThread(sync, site);
  }

  public static boolean isQueued(AbstractQueuedSynchronizer sync, Thread thread, int site) {
    return QueuedSynchronizers.isQueued(sync, thread, site);
  }

  public static boolean hasQueuedPredecessors(AbstractQueuedSynchronizer sync, int site) {
    return QueuedSynchronizers.hasQueuedPredecessors(sync, site);
  }

  public static int getQueueLength(AbstractQueuedSynchronizer sync, int site) {
    return QueuedSynchronizers.getQueueLength(sync, site);
  }

  public static Collection<Thread> getQueuedThreads(AbstractQueuedSynchronizer sync, int site) {
    return QueuedSynchronizers.getQueuedThreads(sync, site);
  }

  public static Collection<Thread> getExclusiveQueuedThreads(
      AbstractQueuedSynchronizer sync, int site) {
    return QueuedSynchronizers.getExclusiveQueuedThreads(sync, site);
  }

  public static Collection<Thread> getSharedQueuedThreads(
      AbstractQueuedSynchronizer sync, int site) {
    return QueuedSynchronizers.getSharedQueuedThreads(sync, site);
  }

  public static boolean owns(
      AbstractQueuedSynchronizer sync,
      AbstractQueuedSynchronizer.ConditionObject condition,
      int site) {
    return QueuedSynchronizers.owns(sync, condition, site);
  }

  public static boolean hasWaiters(
      AbstractQueuedSynchronizer sync,
      AbstractQueuedSynchronizer.ConditionObject condition,
      int site) {
    return QueuedSynchronizers.hasWaiters(sync, condition, site);
  }

  public static int getWaitQueueLength(
      AbstractQueuedSynchronizer sync,
      AbstractQueuedSynchronizer.ConditionObject condition,
      int site) {
    return QueuedSynchronizers.getWaitQueueLength(sync, condition, site);
  }

  public static Collection<Thread> getWaitingThreads(
      AbstractQueuedSynchronizer sync,
      AbstractQueuedSynchronizer.ConditionObject condition,
      int site) {
    return QueuedSynchronizers.getWaitingThreads(sync, condition, site);
  }

  public static long getState(AbstractQueuedLongSynchronizer sync, int site) {
    return QueuedLongSynchronizers.getState(sync, site);
  }

  public static void setState(AbstractQueuedLongSynchronizer sync, long value, int site) {
    QueuedLongSynchronizers.setState(sync, value, site);
  }

  public static boolean compareAndSetState(
      AbstractQueuedLongSynchronizer sync, long expect, long update, int site) {
    return QueuedLongSynchronizers.compareAndSetState(sync, expect, update, site);
  }

  public static void acquire(AbstractQueuedLongSynchronizer sync, long arg, int site) {
    QueuedLongSynchronizers.acquire(sync, arg, site);
  }

  public static void acquireInterruptibly(AbstractQueuedLongSynchronizer sync, long arg, int site)
      throws InterruptedException {
    QueuedLongSynchronizers.acquireInterruptibly(sync, arg, site);
  }

  public static boolean tryAcquireNanos(
      AbstractQueuedLongSynchronizer sync, long arg, long nanos, int site)
      throws InterruptedException {
    return QueuedLongSynchronizers.tryAcquireNanos(sync, arg, nanos, site);
  }

  public static boolean release(AbstractQueuedLongSynchronizer sync, long arg, int site) {
    return QueuedLongSynchronizers.release(sync, arg, site);
  }

  public static void acquireShared(AbstractQueuedLongSynchronizer sync, long arg, int site) {
    QueuedLongSynchronizers.acquireShared(sync, arg, site);
  }

  public static void acquireSharedInterruptibly(
      AbstractQueuedLongSynchronizer sync, long arg, int site) throws InterruptedException {
    QueuedLongSynchronizers.acquireSharedInterruptibly(sync, arg, site);
  }

  public static boolean tryAcquireSharedNanos(
      AbstractQueuedLongSynchronizer sync, long arg, long nanos, int site)
      throws InterruptedException {
    return QueuedLongSynchronizers.tryAcquireSharedNanos(sync, arg, nanos, site);
  }

  public static boolean releaseShared(AbstractQueuedLongSynchronizer sync, long arg, int site) {
    return QueuedLongSynchronizers.releaseShared(sync, arg, site);
  }

  public static boolean hasQueuedThreads(AbstractQueuedLongSynchronizer sync, int site) {
    return QueuedLongSynchronizers.hasQueuedThreads(sync, site);
  }

  public static boolean hasContended(AbstractQueuedLongSynchronizer sync, int site) {
    return QueuedLongSynchronizers.hasContended(sync, site);
  }

  public static Thread getFirstQueuedThread(AbstractQueuedLongSynchronizer sync, int site) {
    return QueuedLongSynchronizers.getFirstQueuedThread(sync, site);
  }

  public static boolean isQueued(AbstractQueuedLongSynchronizer sync, Thread thread, int site) {
    return QueuedLongSynchronizers.isQueued(sync, thread, site);
  }

  public static boolean hasQueuedPredecessors(AbstractQueuedLongSynchronizer sync, int site) {
    return QueuedLongSynchronizers.hasQueuedPredecessors(sync, site);
  }

  public static int getQueueLength(AbstractQueuedLongSynchronizer sync, int site) {
    return QueuedLongSynchronizers.getQueueLength(sync, site);
  }

  public static Collection<Thread> getQueuedThreads(AbstractQueuedLongSynchronizer sync, int site) {
    return QueuedLongSynchronizers.getQueuedThreads(sync, site);
  }

  public static Collection<Thread> getExclusiveQueuedThreads(
      AbstractQueuedLongSynchronizer sync, int site) {
    return QueuedLongSynchronizers.getExclusiveQueuedThreads(sync, site);
  }

  public static Collection<Thread> getSharedQueuedThreads(
      AbstractQueuedLongSynchronizer sync, int site) {
    return QueuedLongSynchronizers.getSharedQueuedThreads(sync, site);
  }

  public static boolean owns(
      AbstractQueuedLongSynchronizer sync,
      AbstractQueuedLongSynchronizer.ConditionObject condition,
      int site) {
    return QueuedLongSynchronizers.owns(sync, condition, site);
  }

  public static boolean hasWaiters(
      AbstractQueuedLongSynchronizer sync,
      AbstractQueuedLongSynchronizer.ConditionObject condition,
      int site) {
    return QueuedLongSynchronizers.hasWaiters(sync, condition, site);
  }

  public static int getWaitQueueLength(
      AbstractQueuedLongSynchronizer sync,
      AbstractQueuedLongSynchronizer.ConditionObject condition,
      int site) {
    return QueuedLongSynchronizers.getWaitQueueLength(sync, condition, site);
  }

  public static Collection<Thread> getWaitingThreads(
      AbstractQueuedLongSynchronizer sync,
      AbstractQueuedLongSynchronizer.ConditionObject condition,
      int site) {
    return QueuedLongSynchronizers.getWaitingThreads(sync, condition, site);
  }

  public static Thread getExclusiveOwnerThread(AbstractOwnableSynchronizer sync, int site) {
    return QueuedSynchronizers.getExclusiveOwnerThread(sync, site);
  }

  public static void setExclusiveOwnerThread(
      AbstractOwnableSynchronizer sync, Thread owner, int site) {
    QueuedSynchronizers.setExclusiveOwnerThread(sync, owner, site);
  }
}
