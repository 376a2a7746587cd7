package dev.weft.runtime.hooks.juc;

import dev.weft.runtime.juc.StampedLocks;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.StampedLock;

/**
 * {@code StampedLock} calls from target code ({@link StampedLocks}). Part of the ABI that
 * instrumented code calls: forwarding only, so the hook table stays a plain list of entry points
 * and the behaviour lives in the models.
 */
public final class StampedLockHooks {
  private StampedLockHooks() {}

  public static long writeLock(StampedLock lock, int site) {
    return StampedLocks.writeLock(lock, site);
  }

  public static long writeLockInterruptibly(StampedLock lock, int site)
      throws InterruptedException {
    return StampedLocks.writeLockInterruptibly(lock, site);
  }

  public static long tryWriteLock(StampedLock lock, int site) {
    return StampedLocks.tryWriteLock(lock, site);
  }

  public static long tryWriteLockTimed(StampedLock lock, long time, TimeUnit unit, int site)
      throws InterruptedException {
    return StampedLocks.tryWriteLockTimed(lock, time, unit, site);
  }

  public static long readLock(StampedLock lock, int site) {
    return StampedLocks.readLock(lock, site);
  }

  public static long readLockInterruptibly(StampedLock lock, int site) throws InterruptedException {
    return StampedLocks.readLockInterruptibly(lock, site);
  }

  public static long tryReadLock(StampedLock lock, int site) {
    return StampedLocks.tryReadLock(lock, site);
  }

  public static long tryReadLockTimed(StampedLock lock, long time, TimeUnit unit, int site)
      throws InterruptedException {
    return StampedLocks.tryReadLockTimed(lock, time, unit, site);
  }

  public static void unlockWrite(StampedLock lock, long stamp, int site) {
    StampedLocks.unlockWrite(lock, stamp, site);
  }

  public static void unlockRead(StampedLock lock, long stamp, int site) {
    StampedLocks.unlockRead(lock, stamp, site);
  }

  public static void unlockStamp(StampedLock lock, long stamp, int site) {
    StampedLocks.unlockStamp(lock, stamp, site);
  }

  public static boolean tryUnlockWrite(StampedLock lock, int site) {
    return StampedLocks.tryUnlockWrite(lock, site);
  }

  public static boolean tryUnlockRead(StampedLock lock, int site) {
    return StampedLocks.tryUnlockRead(lock, site);
  }

  public static long tryConvertToWriteLock(StampedLock lock, long stamp, int site) {
    return StampedLocks.tryConvertToWriteLock(lock, stamp, site);
  }

  public static long tryConvertToReadLock(StampedLock lock, long stamp, int site) {
    return StampedLocks.tryConvertToReadLock(lock, stamp, site);
  }

  public static long tryConvertToOptimisticRead(StampedLock lock, long stamp, int site) {
    return StampedLocks.tryConvertToOptimisticRead(lock, stamp, site);
  }

  public static long tryOptimisticRead(StampedLock lock, int site) {
    return StampedLocks.tryOptimisticRead(lock, site);
  }

  public static boolean validate(StampedLock lock, long stamp, int site) {
    return StampedLocks.validate(lock, stamp, site);
  }
}
