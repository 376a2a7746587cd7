package dev.weft.runtime.scheduler;

import dev.weft.runtime.trace.EventKind;
import dev.weft.runtime.trace.Locations;
import java.util.ArrayDeque;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * Hooks for the {@code java.util.concurrent} synchronisers: locks, conditions, semaphores, latches,
 * cyclic barriers and {@code LockSupport}. A blocking operation is modelled by its non-blocking
 * form ({@code tryLock}, {@code tryAcquire}, a zero count): the thread retries only when modelled
 * state has changed, so it never blocks inside the JVM while it holds the turn, and a thread that
 * can never succeed is reported as deadlocked. Each hook falls through to the real method when the
 * receiver is target code that overrides it, or when the calling thread is not controlled.
 */
public final class SyncHooks {
  private SyncHooks() {}

  private static long lockLocation(ControlledThread t, Object lock, int site) {
    return t.scheduler.lockLocation(lock, site);
  }

  private static long valueLocation(ControlledThread t, Object obj, int site) {
    return t.scheduler.objectLocation(obj, Locations.LOCK_MEMBER, site);
  }

  // --------------------------------------------------------------------------------- locks

  public static void lock(Lock lock, int site) {
    ControlledThread t = JdkCode.controlledCaller(lock, "lock");
    if (t == null) {
      lock.lock();
      return;
    }
    Scheduler s = t.scheduler;
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
    Scheduler s = t.scheduler;
    Scheduler.Blocked b =
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
    Scheduler s = t.scheduler;
    return s.block(
            t,
            EventKind.MONITOR_ENTER,
            lockLocation(t, lock, site),
            site,
            lock,
            0,
            false,
            lock::tryLock)
        == Scheduler.Blocked.DONE;
  }

  public static boolean tryLockTimed(Lock lock, long time, TimeUnit unit, int site)
      throws InterruptedException {
    ControlledThread t = JdkCode.controlledCaller(lock, "tryLock", long.class, TimeUnit.class);
    if (t == null) {
      return lock.tryLock(time, unit);
    }
    Scheduler s = t.scheduler;
    Scheduler.Blocked b =
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
    return b == Scheduler.Blocked.DONE;
  }

  public static void unlock(Lock lock, int site) {
    ControlledThread t = JdkCode.controlledCaller(lock, "unlock");
    lock.unlock();
    if (t != null && !t.scheduler.isAborted()) {
      Scheduler s = t.scheduler;
      s.record(t, EventKind.MONITOR_EXIT, lockLocation(t, lock, site), site);
      s.changed();
    }
  }

  public static Condition newCondition(Lock lock, int site) {
    Condition c = lock.newCondition();
    ControlledThread t = JdkCode.controlledCaller(lock, "newCondition");
    if (t != null) {
      t.scheduler.sync().conditionLocks.put(c, lock);
    }
    return c;
  }

  // ---------------------------------------------------------------------------- conditions

  private static final long UNTIMED = -1;

  public static void await(Condition c, int site) throws InterruptedException {
    ControlledThread t = JdkCode.controlledCaller(c, "await");
    if (t == null) {
      c.await();
      return;
    }
    awaitModel(t, c, UNTIMED, true, site);
  }

  public static void awaitUninterruptibly(Condition c, int site) {
    ControlledThread t = JdkCode.controlledCaller(c, "awaitUninterruptibly");
    if (t == null) {
      c.awaitUninterruptibly();
      return;
    }
    try {
      awaitModel(t, c, UNTIMED, false, site);
    } catch (InterruptedException impossible) {
      throw new AssertionError(impossible);
    }
  }

  public static boolean awaitTimed(Condition c, long time, TimeUnit unit, int site)
      throws InterruptedException {
    ControlledThread t = JdkCode.controlledCaller(c, "await", long.class, TimeUnit.class);
    if (t == null) {
      return c.await(time, unit);
    }
    return awaitModel(t, c, Math.max(0, unit.toNanos(time)), true, site) > 0;
  }

  public static long awaitNanos(Condition c, long nanos, int site) throws InterruptedException {
    ControlledThread t = JdkCode.controlledCaller(c, "awaitNanos", long.class);
    if (t == null) {
      return c.awaitNanos(nanos);
    }
    return awaitModel(t, c, Math.max(0, nanos), true, site);
  }

  public static boolean awaitUntil(Condition c, java.util.Date deadline, int site)
      throws InterruptedException {
    ControlledThread t = JdkCode.controlledCaller(c, "awaitUntil", java.util.Date.class);
    if (t == null) {
      return c.awaitUntil(deadline);
    }
    long millis = deadline.getTime() - t.scheduler.clock().currentTimeMillis();
    return awaitModel(t, c, Math.max(0, TimeUnit.MILLISECONDS.toNanos(millis)), true, site) > 0;
  }

  /**
   * Releases the condition's lock, waits to be signalled (or to time out, or be interrupted), and
   * takes the lock back with its hold count. Returns the nanoseconds left of the timeout (at least
   * 1 when signalled in time), as {@code awaitNanos} does.
   */
  private static long awaitModel(
      ControlledThread t, Condition c, long timeoutNanos, boolean interruptible, int site)
      throws InterruptedException {
    Scheduler s = t.scheduler;
    Lock lock = s.sync().conditionLocks.get(c);
    if (lock == null) {
      s.abortFromController(
          RunResult.Outcome.SKIPPED,
          null,
          "a Condition not created by Lock.newCondition() in target code was awaited at "
              + s.sites().get(site)
              + "; Weft does not know its lock");
      throw new WeftAbort();
    }
    c.signal(); // throws IllegalMonitorStateException unless the lock is held; nobody really waits
    if (interruptible && t.interrupted) {
      t.interrupted = false;
      throw new InterruptedException();
    }
    long location = lockLocation(t, lock, site);
    int holds = holdCount(lock);
    long start = s.clock().elapsed();
    ArrayDeque<ControlledThread> waiters = s.sync().waitersOf(c);
    s.record(t, EventKind.WAIT, location, site);
    for (int i = 0; i < holds; i++) {
      lock.unlock();
    }
    t.notified = false;
    waiters.addLast(t);
    s.changed();
    Scheduler.Blocked b =
        s.block(
            t,
            EventKind.WAKE,
            location,
            site,
            lock,
            timeoutNanos,
            interruptible,
            () -> t.notified && lock.tryLock());
    if (b != Scheduler.Blocked.DONE) {
      waiters.remove(t);
      s.block(t, EventKind.WAKE, location, site, lock, UNTIMED, false, lock::tryLock);
    }
    t.notified = false;
    for (int i = 1; i < holds; i++) {
      lock.lock(); // reentrant: the lock is held, so this cannot block
    }
    b.throwIfInterrupted();
    if (b == Scheduler.Blocked.TIMED_OUT || timeoutNanos < 0) {
      return b == Scheduler.Blocked.TIMED_OUT ? 0 : 1;
    }
    return Math.max(1, timeoutNanos - (s.clock().elapsed() - start));
  }

  private static int holdCount(Lock lock) {
    if (lock instanceof ReentrantLock) {
      return ((ReentrantLock) lock).getHoldCount();
    }
    if (lock instanceof ReentrantReadWriteLock.WriteLock) {
      return ((ReentrantReadWriteLock.WriteLock) lock).getHoldCount();
    }
    return 1;
  }

  public static void signal(Condition c, int site) {
    signalSome(c, site, false);
  }

  public static void signalAll(Condition c, int site) {
    signalSome(c, site, true);
  }

  private static void signalSome(Condition c, int site, boolean all) {
    ControlledThread t = JdkCode.controlledCaller(c, all ? "signalAll" : "signal");
    if (t == null) {
      if (all) {
        c.signalAll();
      } else {
        c.signal();
      }
      return;
    }
    c.signal(); // the real check that the lock is held; there are no real waiters to wake
    Scheduler s = t.scheduler;
    Lock lock = s.sync().conditionLocks.get(c);
    long location = lock == null ? valueLocation(t, c, site) : lockLocation(t, lock, site);
    s.point(t, all ? EventKind.NOTIFY_ALL : EventKind.NOTIFY, location, site, null, 0);
    ArrayDeque<ControlledThread> waiters = s.sync().waitersOf(c);
    do {
      ControlledThread w = waiters.pollFirst();
      if (w == null) {
        break;
      }
      w.notified = true;
    } while (all);
    s.changed();
  }

  // ---------------------------------------------------------------------------- semaphores

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
    if (acquireModel(t, sem, permits, UNTIMED, true, site) == Scheduler.Blocked.INTERRUPTED) {
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
    return acquireModel(t, sem, permits, 0, false, site) == Scheduler.Blocked.DONE;
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
    Scheduler.Blocked b =
        acquireModel(t, sem, permits, Math.max(0, unit.toNanos(time)), true, site);
    b.throwIfInterrupted();
    return b == Scheduler.Blocked.DONE;
  }

  private static Scheduler.Blocked acquireModel(
      ControlledThread t,
      Semaphore sem,
      int permits,
      long timeoutNanos,
      boolean interruptible,
      int site) {
    Scheduler s = t.scheduler;
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
    Scheduler s = t.scheduler;
    s.point(t, EventKind.UPDATE, valueLocation(t, sem, site), site, null, 0);
    sem.release(permits);
    s.changed();
  }

  // ------------------------------------------------------------------------------- latches

  public static void countDown(CountDownLatch latch, int site) {
    ControlledThread t = JdkCode.controlledCaller(latch, "countDown");
    if (t == null) {
      latch.countDown();
      return;
    }
    Scheduler s = t.scheduler;
    s.point(t, EventKind.UPDATE, valueLocation(t, latch, site), site, null, 0);
    latch.countDown();
    s.changed();
  }

  public static long getCount(CountDownLatch latch, int site) {
    ControlledThread t = JdkCode.controlledCaller(latch, "getCount");
    if (t != null) {
      Scheduler s = t.scheduler;
      s.point(t, EventKind.READ, valueLocation(t, latch, site), site, null, 0);
    }
    return latch.getCount();
  }

  public static void latchAwait(CountDownLatch latch, int site) throws InterruptedException {
    ControlledThread t = JdkCode.controlledCaller(latch, "await");
    if (t == null) {
      latch.await();
      return;
    }
    if (latchAwaitModel(t, latch, UNTIMED, site) == Scheduler.Blocked.INTERRUPTED) {
      throw new InterruptedException();
    }
  }

  public static boolean latchAwaitTimed(CountDownLatch latch, long time, TimeUnit unit, int site)
      throws InterruptedException {
    ControlledThread t = JdkCode.controlledCaller(latch, "await", long.class, TimeUnit.class);
    if (t == null) {
      return latch.await(time, unit);
    }
    Scheduler.Blocked b = latchAwaitModel(t, latch, Math.max(0, unit.toNanos(time)), site);
    b.throwIfInterrupted();
    return b == Scheduler.Blocked.DONE;
  }

  private static Scheduler.Blocked latchAwaitModel(
      ControlledThread t, CountDownLatch latch, long timeoutNanos, int site) {
    Scheduler s = t.scheduler;
    return s.block(
        t,
        EventKind.READ,
        valueLocation(t, latch, site),
        site,
        latch,
        timeoutNanos,
        true,
        () -> latch.getCount() == 0);
  }

  // ------------------------------------------------------------------------ cyclic barriers

  /** Passes a barrier action through to the constructor and keeps it for the model. */
  public static Runnable barrierAction(Runnable action) {
    ControlledThread t = ControlledThread.current();
    if (t != null) {
      t.pendingBarrierAction = action;
    }
    return action;
  }

  /** Called with the new barrier right after its constructor. */
  public static void barrierCreated(Object barrier) {
    ControlledThread t = ControlledThread.current();
    if (t != null && barrier instanceof CyclicBarrier) {
      if (t.pendingBarrierAction != null) {
        t.scheduler.sync().barrierActions.put((CyclicBarrier) barrier, t.pendingBarrierAction);
      }
      t.pendingBarrierAction = null;
    }
  }

  public static int barrierAwait(CyclicBarrier barrier, int site)
      throws InterruptedException, BrokenBarrierException {
    ControlledThread t = JdkCode.controlledCaller(barrier, "await");
    if (t == null) {
      return barrier.await();
    }
    try {
      return barrierAwaitModel(t, barrier, UNTIMED, site);
    } catch (TimeoutException impossible) {
      throw new AssertionError(impossible);
    }
  }

  public static int barrierAwaitTimed(CyclicBarrier barrier, long time, TimeUnit unit, int site)
      throws InterruptedException, BrokenBarrierException, TimeoutException {
    ControlledThread t = JdkCode.controlledCaller(barrier, "await", long.class, TimeUnit.class);
    if (t == null) {
      return barrier.await(time, unit);
    }
    return barrierAwaitModel(t, barrier, Math.max(0, unit.toNanos(time)), site);
  }

  private static int barrierAwaitModel(
      ControlledThread t, CyclicBarrier barrier, long timeoutNanos, int site)
      throws InterruptedException, BrokenBarrierException, TimeoutException {
    Scheduler s = t.scheduler;
    long location = valueLocation(t, barrier, site);
    s.point(t, EventKind.UPDATE, location, site, null, 0);
    SyncModel.Barrier state = s.sync().barrier(barrier);
    if (state.broken) {
      throw new BrokenBarrierException();
    }
    if (t.interrupted) {
      t.interrupted = false;
      breakBarrier(s, state);
      throw new InterruptedException();
    }
    int index = barrier.getParties() - 1 - state.arrived;
    state.arrived++;
    if (index == 0) {
      Runnable action = s.sync().barrierActions.get(barrier);
      try {
        if (action != null) {
          action.run();
        }
      } catch (RuntimeException | Error e) {
        breakBarrier(s, state);
        throw e;
      }
      state.arrived = 0;
      state.generation++;
      s.changed();
      return 0;
    }
    int generation = state.generation;
    Scheduler.Blocked b =
        s.block(
            t,
            EventKind.READ,
            location,
            site,
            barrier,
            timeoutNanos,
            true,
            () -> state.generation != generation || state.broken);
    if (b == Scheduler.Blocked.DONE) {
      if (state.generation != generation) {
        return index;
      }
      throw new BrokenBarrierException();
    }
    breakBarrier(s, state);
    b.throwIfInterrupted();
    throw new TimeoutException();
  }

  private static void breakBarrier(Scheduler s, SyncModel.Barrier state) {
    state.broken = true;
    s.changed();
  }

  public static void barrierReset(CyclicBarrier barrier, int site) {
    ControlledThread t = JdkCode.controlledCaller(barrier, "reset");
    if (t == null) {
      barrier.reset();
      return;
    }
    Scheduler s = t.scheduler;
    s.point(t, EventKind.UPDATE, valueLocation(t, barrier, site), site, null, 0);
    SyncModel.Barrier state = s.sync().barrier(barrier);
    if (state.arrived > 0) {
      state.broken = true; // the waiting parties see the old generation broken
    }
    SyncModel.Barrier fresh = s.sync().renew(barrier);
    fresh.generation = state.generation + 1;
    s.changed();
  }

  public static boolean barrierIsBroken(CyclicBarrier barrier, int site) {
    ControlledThread t = JdkCode.controlledCaller(barrier, "isBroken");
    if (t == null) {
      return barrier.isBroken();
    }
    Scheduler s = t.scheduler;
    s.point(t, EventKind.READ, valueLocation(t, barrier, site), site, null, 0);
    return s.sync().barrier(barrier).broken;
  }

  public static int barrierNumberWaiting(CyclicBarrier barrier, int site) {
    ControlledThread t = JdkCode.controlledCaller(barrier, "getNumberWaiting");
    if (t == null) {
      return barrier.getNumberWaiting();
    }
    Scheduler s = t.scheduler;
    s.point(t, EventKind.READ, valueLocation(t, barrier, site), site, null, 0);
    return s.sync().barrier(barrier).arrived;
  }

  // ---------------------------------------------------------------------------- LockSupport

  public static void park(int site) {
    parkModel(UNTIMED, site);
  }

  public static void parkBlocker(Object blocker, int site) {
    parkModel(UNTIMED, site);
  }

  public static void parkNanos(long nanos, int site) {
    if (nanos > 0) {
      parkModel(nanos, site);
    }
  }

  public static void parkNanosBlocker(Object blocker, long nanos, int site) {
    parkNanos(nanos, site);
  }

  public static void parkUntil(long deadline, int site) {
    ControlledThread t = Hooks.self();
    if (t == null) {
      LockSupport.parkUntil(deadline);
      return;
    }
    long millis = deadline - t.scheduler.clock().currentTimeMillis();
    if (millis > 0) {
      parkModel(TimeUnit.MILLISECONDS.toNanos(millis), site);
    }
  }

  public static void parkUntilBlocker(Object blocker, long deadline, int site) {
    parkUntil(deadline, site);
  }

  private static void parkModel(long timeoutNanos, int site) {
    ControlledThread t = Hooks.self();
    if (t == null) {
      if (timeoutNanos < 0) {
        LockSupport.park();
      } else {
        LockSupport.parkNanos(timeoutNanos);
      }
      return;
    }
    Scheduler s = t.scheduler;
    long location = permitLocation(t, t.logical, site);
    s.block(
        t,
        EventKind.UPDATE,
        location,
        site,
        null,
        timeoutNanos,
        false,
        () -> {
          if (t.permit) {
            t.permit = false;
            return true;
          }
          return t.interrupted; // park returns on interrupt and leaves the flag set
        });
  }

  public static void unpark(Thread thread, int site) {
    ControlledThread t = Hooks.self();
    if (t == null || thread == null) {
      LockSupport.unpark(thread);
      return;
    }
    Scheduler s = t.scheduler;
    ControlledThread target = s.threadOf(thread);
    if (target == null) {
      return; // not started yet: unpark has no effect, as for a real thread
    }
    s.point(t, EventKind.UPDATE, permitLocation(t, thread, site), site, null, 0);
    target.permit = true;
    s.changed();
  }

  private static long permitLocation(ControlledThread t, Thread thread, int site) {
    return Locations.of(t.scheduler.objects().numberOf(thread, site), Locations.THREAD_MEMBER);
  }
}
