package dev.weft.runtime.juc;

import dev.weft.runtime.control.Blocked;
import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.Scheduler;
import dev.weft.runtime.jdk.JdkCode;
import dev.weft.trace.EventKind;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.StampedLock;
import java.util.function.LongSupplier;

/**
 * {@link StampedLock}, whose blocking acquisitions would otherwise park the thread inside the JVM
 * while it holds the turn. Each acquisition is modelled by {@code tryWriteLock()} or {@code
 * tryReadLock()} and returns the real stamp, so {@code validate} and the conversions keep working
 * on the JDK object. Every operation is an event on the lock's location: write-lock acquisition and
 * release as a monitor enter and exit (so that write sections are critical sections), read-lock
 * operations, optimistic reads and validations as reads. An optimistic read and its {@code
 * validate} are scheduling points, so a writer can be scheduled between them. The {@code
 * asReadLock()} and {@code asWriteLock()} views are {@code Lock}s and go through {@link Locks}.
 */
public final class StampedLocks {

  private static final long UNTIMED = -1;

  private StampedLocks() {}

  private static long location(ControlledThread t, StampedLock lock, int site) {
    return t.scheduler().lockLocation(lock, site);
  }

  // ------------------------------------------------------------------------------ acquiring

  public static long writeLock(StampedLock lock, int site) {
    ControlledThread t = JdkCode.controlledCaller(lock, "writeLock");
    if (t == null) {
      return lock.writeLock();
    }
    return acquireUninterruptibly(t, lock, true, UNTIMED, site);
  }

  public static long writeLockInterruptibly(StampedLock lock, int site)
      throws InterruptedException {
    ControlledThread t = JdkCode.controlledCaller(lock, "writeLockInterruptibly");
    if (t == null) {
      return lock.writeLockInterruptibly();
    }
    return acquire(t, lock, true, UNTIMED, true, site);
  }

  public static long tryWriteLock(StampedLock lock, int site) {
    ControlledThread t = JdkCode.controlledCaller(lock, "tryWriteLock");
    if (t == null) {
      return lock.tryWriteLock();
    }
    return acquireUninterruptibly(t, lock, true, 0, site);
  }

  public static long tryWriteLockTimed(StampedLock lock, long time, TimeUnit unit, int site)
      throws InterruptedException {
    ControlledThread t = JdkCode.controlledCaller(lock, "tryWriteLock", long.class, TimeUnit.class);
    if (t == null) {
      return lock.tryWriteLock(time, unit);
    }
    return acquire(t, lock, true, Math.max(0, unit.toNanos(time)), true, site);
  }

  public static long readLock(StampedLock lock, int site) {
    ControlledThread t = JdkCode.controlledCaller(lock, "readLock");
    if (t == null) {
      return lock.readLock();
    }
    return acquireUninterruptibly(t, lock, false, UNTIMED, site);
  }

  public static long readLockInterruptibly(StampedLock lock, int site) throws InterruptedException {
    ControlledThread t = JdkCode.controlledCaller(lock, "readLockInterruptibly");
    if (t == null) {
      return lock.readLockInterruptibly();
    }
    return acquire(t, lock, false, UNTIMED, true, site);
  }

  public static long tryReadLock(StampedLock lock, int site) {
    ControlledThread t = JdkCode.controlledCaller(lock, "tryReadLock");
    if (t == null) {
      return lock.tryReadLock();
    }
    return acquireUninterruptibly(t, lock, false, 0, site);
  }

  public static long tryReadLockTimed(StampedLock lock, long time, TimeUnit unit, int site)
      throws InterruptedException {
    ControlledThread t = JdkCode.controlledCaller(lock, "tryReadLock", long.class, TimeUnit.class);
    if (t == null) {
      return lock.tryReadLock(time, unit);
    }
    return acquire(t, lock, false, Math.max(0, unit.toNanos(time)), true, site);
  }

  private static long acquireUninterruptibly(
      ControlledThread t, StampedLock lock, boolean write, long timeoutNanos, int site) {
    try {
      return acquire(t, lock, write, timeoutNanos, false, site);
    } catch (InterruptedException impossible) {
      throw new AssertionError(impossible);
    }
  }

  /** Returns the stamp, or 0 if the acquisition timed out. */
  private static long acquire(
      ControlledThread t,
      StampedLock lock,
      boolean write,
      long timeoutNanos,
      boolean interruptible,
      int site)
      throws InterruptedException {
    long[] stamp = new long[1];
    tryUntil(
            t,
            lock,
            write ? EventKind.MONITOR_ENTER : EventKind.READ,
            timeoutNanos,
            interruptible,
            site,
            stamp,
            write ? lock::tryWriteLock : lock::tryReadLock)
        .throwIfInterrupted();
    return stamp[0];
  }

  /**
   * Retries {@code attempt} until it returns a stamp (not 0), which is left in {@code stamp}; the
   * event is recorded as {@code kind} when it succeeds.
   */
  private static Blocked tryUntil(
      ControlledThread t,
      StampedLock lock,
      EventKind kind,
      long timeoutNanos,
      boolean interruptible,
      int site,
      long[] stamp,
      LongSupplier attempt) {
    return t.scheduler()
        .block(
            t,
            kind,
            location(t, lock, site),
            site,
            lock,
            timeoutNanos,
            interruptible,
            () -> (stamp[0] = attempt.getAsLong()) != 0);
  }

  // ------------------------------------------------------------------------------ releasing

  public static void unlockWrite(StampedLock lock, long stamp, int site) {
    ControlledThread t = JdkCode.controlledCaller(lock, "unlockWrite", long.class);
    lock.unlockWrite(stamp);
    released(t, lock, EventKind.MONITOR_EXIT, site);
  }

  public static void unlockRead(StampedLock lock, long stamp, int site) {
    ControlledThread t = JdkCode.controlledCaller(lock, "unlockRead", long.class);
    lock.unlockRead(stamp);
    released(t, lock, EventKind.READ, site);
  }

  public static void unlockStamp(StampedLock lock, long stamp, int site) {
    ControlledThread t = JdkCode.controlledCaller(lock, "unlock", long.class);
    lock.unlock(stamp);
    released(t, lock, releaseKind(stamp), site);
  }

  public static boolean tryUnlockWrite(StampedLock lock, int site) {
    ControlledThread t = JdkCode.controlledCaller(lock, "tryUnlockWrite");
    boolean released = lock.tryUnlockWrite();
    released(t, lock, released ? EventKind.MONITOR_EXIT : null, site);
    return released;
  }

  public static boolean tryUnlockRead(StampedLock lock, int site) {
    ControlledThread t = JdkCode.controlledCaller(lock, "tryUnlockRead");
    boolean released = lock.tryUnlockRead();
    released(t, lock, released ? EventKind.READ : null, site);
    return released;
  }

  /**
   * Records a release (no scheduling point: the thread keeps the turn, as for {@code unlock}) and
   * lets threads blocked on the lock retry. A {@code null} kind is a release that did not happen,
   * recorded as a read of the lock's state.
   */
  private static void released(ControlledThread t, StampedLock lock, EventKind kind, int site) {
    if (t == null || t.scheduler().isAborted()) {
      return;
    }
    Scheduler s = t.scheduler();
    s.record(t, kind == null ? EventKind.READ : kind, location(t, lock, site), site);
    if (kind != null) {
      s.changed();
    }
  }

  private static EventKind releaseKind(long stamp) {
    return StampedLock.isWriteLockStamp(stamp) ? EventKind.MONITOR_EXIT : EventKind.READ;
  }

  // ---------------------------------------------------------------------------- conversions

  public static long tryConvertToWriteLock(StampedLock lock, long stamp, int site) {
    ControlledThread t = JdkCode.controlledCaller(lock, "tryConvertToWriteLock", long.class);
    if (t == null) {
      return lock.tryConvertToWriteLock(stamp);
    }
    EventKind kind = StampedLock.isWriteLockStamp(stamp) ? EventKind.READ : EventKind.MONITOR_ENTER;
    return convert(t, lock, kind, site, () -> lock.tryConvertToWriteLock(stamp));
  }

  public static long tryConvertToReadLock(StampedLock lock, long stamp, int site) {
    ControlledThread t = JdkCode.controlledCaller(lock, "tryConvertToReadLock", long.class);
    if (t == null) {
      return lock.tryConvertToReadLock(stamp);
    }
    return convert(t, lock, releaseKind(stamp), site, () -> lock.tryConvertToReadLock(stamp));
  }

  public static long tryConvertToOptimisticRead(StampedLock lock, long stamp, int site) {
    ControlledThread t = JdkCode.controlledCaller(lock, "tryConvertToOptimisticRead", long.class);
    if (t == null) {
      return lock.tryConvertToOptimisticRead(stamp);
    }
    return convert(t, lock, releaseKind(stamp), site, () -> lock.tryConvertToOptimisticRead(stamp));
  }

  /**
   * A conversion is one try: a scheduling point recorded as {@code kind} when it succeeds (taking
   * or giving up the write lock is a monitor enter or exit), as a read when it fails.
   */
  private static long convert(
      ControlledThread t, StampedLock lock, EventKind kind, int site, LongSupplier conversion) {
    long[] stamp = new long[1];
    if (tryUntil(t, lock, kind, 0, false, site, stamp, conversion) == Blocked.DONE) {
      t.scheduler().changed();
    }
    return stamp[0];
  }

  // ------------------------------------------------------------------------ optimistic reads

  public static long tryOptimisticRead(StampedLock lock, int site) {
    ControlledThread t = JdkCode.controlledCaller(lock, "tryOptimisticRead");
    if (t != null) {
      t.scheduler().point(t, EventKind.READ, location(t, lock, site), site, null, 0);
    }
    return lock.tryOptimisticRead();
  }

  public static boolean validate(StampedLock lock, long stamp, int site) {
    ControlledThread t = JdkCode.controlledCaller(lock, "validate", long.class);
    if (t != null) {
      t.scheduler().point(t, EventKind.READ, location(t, lock, site), site, null, 0);
    }
    return lock.validate(stamp);
  }
}
