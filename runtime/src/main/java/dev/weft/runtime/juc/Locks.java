package dev.weft.runtime.juc;

import dev.weft.runtime.control.Blocked;
import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.Scheduler;
import dev.weft.runtime.jdk.JdkCode;
import dev.weft.runtime.races.RaceCalls;
import dev.weft.trace.EventKind;
import dev.weft.trace.Locations;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;

/**
 * {@code Lock}s of the JDK ({@code ReentrantLock}, read/write locks and their views, the {@code
 * StampedLock} views): {@code lock()} is modelled by retrying {@code tryLock()}, so a thread
 * waiting for a lock is simply not enabled. The JDK object keeps owner and hold count.
 */
public final class Locks {

  private Locks() {}

  private static long lockLocation(ControlledThread t, Object lock, int site) {
    long location = t.scheduler().lockLocation(lock, site);
    RaceCalls.lock(t, lock, Locations.objectNumber(location));
    return location;
  }

  private static long valueLocation(ControlledThread t, Object obj, int site) {
    return t.scheduler().objectLocation(obj, Locations.LOCK_MEMBER, site);
  }

  public static void lock(Lock lock, int site) {
    ControlledThread t = JdkCode.controlledCaller(lock, "lock");
    if (t == null) {
      lock.lock();
      return;
    }
    Scheduler s = t.scheduler();
    s.block(
        t,
        EventKind.MONITOR_ENTER,
        lockLocation(t, lock, site),
        site,
        lock,
        -1,
        false,
        lock::tryLock);
  }

  public static void lockInterruptibly(Lock lock, int site) throws InterruptedException {
    ControlledThread t = JdkCode.controlledCaller(lock, "lockInterruptibly");
    if (t == null) {
      lock.lockInterruptibly();
      return;
    }
    Scheduler s = t.scheduler();
    Blocked b =
        s.block(
            t,
            EventKind.MONITOR_ENTER,
            lockLocation(t, lock, site),
            site,
            lock,
            -1,
            true,
            lock::tryLock);
    b.throwIfInterrupted();
  }

  public static boolean tryLock(Lock lock, int site) {
    ControlledThread t = JdkCode.controlledCaller(lock, "tryLock");
    if (t == null) {
      return lock.tryLock();
    }
    Scheduler s = t.scheduler();
    return s.block(
            t,
            EventKind.MONITOR_ENTER,
            lockLocation(t, lock, site),
            site,
            lock,
            0,
            false,
            lock::tryLock)
        == Blocked.DONE;
  }

  public static boolean tryLockTimed(Lock lock, long time, TimeUnit unit, int site)
      throws InterruptedException {
    ControlledThread t = JdkCode.controlledCaller(lock, "tryLock", long.class, TimeUnit.class);
    if (t == null) {
      return lock.tryLock(time, unit);
    }
    Scheduler s = t.scheduler();
    Blocked b =
        s.block(
            t,
            EventKind.MONITOR_ENTER,
            lockLocation(t, lock, site),
            site,
            lock,
            Math.max(0, unit.toNanos(time)),
            true,
            lock::tryLock);
    b.throwIfInterrupted();
    return b == Blocked.DONE;
  }

  public static void unlock(Lock lock, int site) {
    ControlledThread t = JdkCode.controlledCaller(lock, "unlock");
    lock.unlock();
    if (t != null && !t.scheduler().isAborted()) {
      Scheduler s = t.scheduler();
      s.record(t, EventKind.MONITOR_EXIT, lockLocation(t, lock, site), site);
      s.changed();
    }
  }
}
