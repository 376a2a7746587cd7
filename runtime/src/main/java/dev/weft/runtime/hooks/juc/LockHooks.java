package dev.weft.runtime.hooks.juc;

import dev.weft.runtime.juc.Conditions;
import dev.weft.runtime.juc.Locks;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

/**
 * {@code Lock} and {@code Condition} calls from target code ({@link Locks}, {@link Conditions}).
 * Part of the ABI that instrumented code calls: forwarding only, so the hook table stays a plain
 * list of entry points and the behaviour lives in the models.
 */
public final class LockHooks {
  private LockHooks() {}

  public static void lock(Lock lock, int site) {
    Locks.lock(lock, site);
  }

  public static void lockInterruptibly(Lock lock, int site) throws InterruptedException {
    Locks.lockInterruptibly(lock, site);
  }

  public static boolean tryLock(Lock lock, int site) {
    return Locks.tryLock(lock, site);
  }

  public static boolean tryLockTimed(Lock lock, long time, TimeUnit unit, int site)
      throws InterruptedException {
    return Locks.tryLockTimed(lock, time, unit, site);
  }

  public static void unlock(Lock lock, int site) {
    Locks.unlock(lock, site);
  }

  public static Condition newCondition(Lock lock, int site) {
    return Conditions.newCondition(lock, site);
  }

  public static void await(Condition c, int site) throws InterruptedException {
    Conditions.await(c, site);
  }

  public static void awaitUninterruptibly(Condition c, int site) {
    Conditions.awaitUninterruptibly(c, site);
  }

  public static boolean awaitTimed(Condition c, long time, TimeUnit unit, int site)
      throws InterruptedException {
    return Conditions.awaitTimed(c, time, unit, site);
  }

  public static long awaitNanos(Condition c, long nanos, int site) throws InterruptedException {
    return Conditions.awaitNanos(c, nanos, site);
  }

  public static boolean awaitUntil(Condition c, java.util.Date deadline, int site)
      throws InterruptedException {
    return Conditions.awaitUntil(c, deadline, site);
  }

  public static void signal(Condition c, int site) {
    Conditions.signal(c, site);
  }

  public static void signalAll(Condition c, int site) {
    Conditions.signalAll(c, site);
  }
}
