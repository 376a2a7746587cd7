package dev.weft.runtime.juc;

import dev.weft.runtime.control.Blocked;
import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.RunLocal;
import dev.weft.runtime.control.Scheduler;
import dev.weft.runtime.control.WeftAbort;
import dev.weft.runtime.jdk.JdkCode;
import dev.weft.runtime.juc.queued.QueuedConditions;
import dev.weft.trace.EventKind;
import dev.weft.trace.Locations;
import java.util.ArrayDeque;
import java.util.IdentityHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * {@code Condition}s made by {@code Lock.newCondition()}: Weft keeps which lock each belongs to and
 * who waits on it, since the JDK's waiters would block inside the JVM. The conditions of a
 * program's own {@code AbstractQueuedSynchronizer} go to {@link QueuedConditions}. An await
 * releases the lock with its hold count, waits for a signal (or a timeout or interrupt, or wakes
 * spuriously, as {@code Condition} allows) and takes the lock back.
 */
public final class Conditions {

  private Conditions() {}

  /** Per run: which lock each condition belongs to, and who waits on it (signal order is FIFO). */
  private static final class State {
    final IdentityHashMap<Condition, Lock> locks = new IdentityHashMap<>();
    final IdentityHashMap<Condition, ArrayDeque<Waiter>> waiters = new IdentityHashMap<>();

    ArrayDeque<Waiter> waitersOf(Condition c) {
      return waiters.computeIfAbsent(c, k -> new ArrayDeque<>());
    }
  }

  /** A thread in {@code await}, and whether a signal has picked it. */
  private static final class Waiter {
    boolean notified;
  }

  private static final RunLocal<State> STATE = new RunLocal<>(State::new);

  public static Condition newCondition(Lock lock, int site) {
    Condition c = lock.newCondition();
    ControlledThread t = JdkCode.controlledCaller(lock, "newCondition");
    if (t != null) {
      STATE.of(t.scheduler()).locks.put(c, lock);
    }
    return c;
  }

  private static long lockLocation(ControlledThread t, Object lock, int site) {
    return t.scheduler().lockLocation(lock, site);
  }

  private static long valueLocation(ControlledThread t, Object obj, int site) {
    return t.scheduler().objectLocation(obj, Locations.LOCK_MEMBER, site);
  }

  private static final long UNTIMED = -1;

  public static void await(Condition c, int site) throws InterruptedException {
    Object sync = QueuedConditions.modelledOwner(c);
    if (sync != null) {
      QueuedConditions.await(c, sync, site);
      return;
    }
    ControlledThread t = JdkCode.controlledCaller(c, "await");
    if (t == null) {
      c.await();
      return;
    }
    awaitModel(t, c, UNTIMED, true, site);
  }

  public static void awaitUninterruptibly(Condition c, int site) {
    Object sync = QueuedConditions.modelledOwner(c);
    if (sync != null) {
      QueuedConditions.awaitUninterruptibly(c, sync, site);
      return;
    }
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
    Object sync = QueuedConditions.modelledOwner(c);
    if (sync != null) {
      return QueuedConditions.awaitTimed(c, sync, time, unit, site);
    }
    ControlledThread t = JdkCode.controlledCaller(c, "await", long.class, TimeUnit.class);
    if (t == null) {
      return c.await(time, unit);
    }
    return awaitModel(t, c, Math.max(0, unit.toNanos(time)), true, site) > 0;
  }

  public static long awaitNanos(Condition c, long nanos, int site) throws InterruptedException {
    Object sync = QueuedConditions.modelledOwner(c);
    if (sync != null) {
      return QueuedConditions.awaitNanos(c, sync, nanos, site);
    }
    ControlledThread t = JdkCode.controlledCaller(c, "awaitNanos", long.class);
    if (t == null) {
      return c.awaitNanos(nanos);
    }
    return awaitModel(t, c, Math.max(0, nanos), true, site);
  }

  public static boolean awaitUntil(Condition c, java.util.Date deadline, int site)
      throws InterruptedException {
    Object sync = QueuedConditions.modelledOwner(c);
    if (sync != null) {
      return QueuedConditions.awaitUntil(c, sync, deadline, site);
    }
    ControlledThread t = JdkCode.controlledCaller(c, "awaitUntil", java.util.Date.class);
    if (t == null) {
      return c.awaitUntil(deadline);
    }
    long millis = deadline.getTime() - t.scheduler().clock().currentTimeMillis();
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
    Scheduler s = t.scheduler();
    Lock lock = STATE.of(s).locks.get(c);
    if (lock == null) {
      s.skip(
          "a Condition not created by Lock.newCondition() in target code was awaited at "
              + s.sites().get(site)
              + "; Weft does not know its lock");
      throw WeftAbort.INSTANCE;
    }
    c.signal(); // throws IllegalMonitorStateException unless the lock is held; nobody really waits
    if (interruptible && t.consumeInterrupt()) {
      throw new InterruptedException();
    }
    long location = lockLocation(t, lock, site);
    int holds = holdCount(lock);
    long start = s.clock().elapsed();
    ArrayDeque<Waiter> waiters = STATE.of(s).waitersOf(c);
    s.record(t, EventKind.WAIT, location, site);
    for (int i = 0; i < holds; i++) {
      lock.unlock();
    }
    Waiter me = new Waiter();
    waiters.addLast(me);
    s.changed();
    Blocked b =
        s.block(
            t,
            EventKind.WAKE,
            location,
            site,
            lock,
            timeoutNanos,
            interruptible,
            true, // Condition allows await to return without a signal
            () -> me.notified && lock.tryLock());
    if (b != Blocked.DONE) {
      waiters.remove(me);
      s.block(t, EventKind.WAKE, location, site, lock, UNTIMED, false, lock::tryLock);
    }
    for (int i = 1; i < holds; i++) {
      lock.lock(); // reentrant: the lock is held, so this cannot block
    }
    b.throwIfInterrupted();
    if (b == Blocked.TIMED_OUT || timeoutNanos < 0) {
      return b == Blocked.TIMED_OUT ? 0 : 1;
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
    Object sync = QueuedConditions.modelledOwner(c);
    if (sync != null) {
      if (all) {
        QueuedConditions.signalAll(c, sync, site);
      } else {
        QueuedConditions.signal(c, sync, site);
      }
      return;
    }
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
    Scheduler s = t.scheduler();
    Lock lock = STATE.of(s).locks.get(c);
    long location = lock == null ? valueLocation(t, c, site) : lockLocation(t, lock, site);
    s.point(t, all ? EventKind.NOTIFY_ALL : EventKind.NOTIFY, location, site, null, 0);
    ArrayDeque<Waiter> waiters = STATE.of(s).waitersOf(c);
    do {
      Waiter w = waiters.pollFirst();
      if (w == null) {
        break;
      }
      w.notified = true;
    } while (all);
    s.changed();
  }
}
