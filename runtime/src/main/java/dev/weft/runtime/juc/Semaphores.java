package dev.weft.runtime.juc;

import dev.weft.runtime.control.Blocked;
import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.Scheduler;
import dev.weft.runtime.jdk.JdkCode;
import dev.weft.trace.EventKind;
import dev.weft.trace.Locations;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/** {@code Semaphore}: acquiring is modelled by retrying {@code tryAcquire}. */
public final class Semaphores {

  private Semaphores() {}

  private static long lockLocation(ControlledThread t, Object lock, int site) {
    return t.scheduler().lockLocation(lock, site);
  }

  private static long valueLocation(ControlledThread t, Object obj, int site) {
    return t.scheduler().objectLocation(obj, Locations.LOCK_MEMBER, site);
  }

  private static final long UNTIMED = -1;

  public static void acquire(Semaphore sem, int site) throws InterruptedException {
    acquireN(sem, 1, site);
  }

  public static void acquireN(Semaphore sem, int permits, int site) throws InterruptedException {
    ControlledThread t = JdkCode.controlledCaller(sem, "acquire", int.class);
    if (t == null) {
      sem.acquire(permits);
      return;
    }
    if (permits < 0) {
      throw new IllegalArgumentException();
    }
    if (acquireModel(t, sem, permits, UNTIMED, true, site) == Blocked.INTERRUPTED) {
      throw new InterruptedException();
    }
  }

  public static void acquireUninterruptibly(Semaphore sem, int site) {
    acquireUninterruptiblyN(sem, 1, site);
  }

  public static void acquireUninterruptiblyN(Semaphore sem, int permits, int site) {
    ControlledThread t = JdkCode.controlledCaller(sem, "acquireUninterruptibly", int.class);
    if (t == null) {
      sem.acquireUninterruptibly(permits);
      return;
    }
    if (permits < 0) {
      throw new IllegalArgumentException();
    }
    acquireModel(t, sem, permits, UNTIMED, false, site);
  }

  public static boolean tryAcquire(Semaphore sem, int site) {
    return tryAcquireN(sem, 1, site);
  }

  public static boolean tryAcquireN(Semaphore sem, int permits, int site) {
    ControlledThread t = JdkCode.controlledCaller(sem, "tryAcquire", int.class);
    if (t == null) {
      return sem.tryAcquire(permits);
    }
    if (permits < 0) {
      throw new IllegalArgumentException();
    }
    return acquireModel(t, sem, permits, 0, false, site) == Blocked.DONE;
  }

  public static boolean tryAcquireTimed(Semaphore sem, long time, TimeUnit unit, int site)
      throws InterruptedException {
    return tryAcquireNTimed(sem, 1, time, unit, site);
  }

  public static boolean tryAcquireNTimed(
      Semaphore sem, int permits, long time, TimeUnit unit, int site) throws InterruptedException {
    ControlledThread t =
        JdkCode.controlledCaller(sem, "tryAcquire", int.class, long.class, TimeUnit.class);
    if (t == null) {
      return sem.tryAcquire(permits, time, unit);
    }
    if (permits < 0) {
      throw new IllegalArgumentException();
    }
    Blocked b = acquireModel(t, sem, permits, Math.max(0, unit.toNanos(time)), true, site);
    b.throwIfInterrupted();
    return b == Blocked.DONE;
  }

  private static Blocked acquireModel(
      ControlledThread t,
      Semaphore sem,
      int permits,
      long timeoutNanos,
      boolean interruptible,
      int site) {
    Scheduler s = t.scheduler();
    return s.block(
        t,
        EventKind.UPDATE,
        valueLocation(t, sem, site),
        site,
        sem,
        timeoutNanos,
        interruptible,
        () -> sem.tryAcquire(permits));
  }

  public static void release(Semaphore sem, int site) {
    releaseN(sem, 1, site);
  }

  public static void releaseN(Semaphore sem, int permits, int site) {
    ControlledThread t = JdkCode.controlledCaller(sem, "release", int.class);
    if (t == null) {
      sem.release(permits);
      return;
    }
    Scheduler s = t.scheduler();
    s.point(t, EventKind.UPDATE, valueLocation(t, sem, site), site, null, 0);
    sem.release(permits);
    s.changed();
  }
}
