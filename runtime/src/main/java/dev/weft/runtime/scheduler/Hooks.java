package dev.weft.runtime.scheduler;

import dev.weft.runtime.trace.EventKind;
import dev.weft.runtime.trace.Locations;
import java.util.concurrent.TimeUnit;

/**
 * The entry points that instrumented target code calls instead of (or just before) each shared
 * access and synchronisation operation. Every method takes the site id last, as a constant pushed
 * by the instrumentation. A thread that Weft does not control (one started by the JDK on the
 * target's behalf) taints the run: the run is reported as skipped rather than trusted.
 */
public final class Hooks {
  private static volatile Scheduler active;

  private Hooks() {}

  /** Registers the scheduler of the run in progress, for diagnosing uncontrolled threads. */
  public static void activate(Scheduler scheduler) {
    active = scheduler;
  }

  public static void deactivate(Scheduler scheduler) {
    if (active == scheduler) {
      active = null;
    }
  }

  static ControlledThread self() {
    ControlledThread t = ControlledThread.current();
    if (t == null) {
      uncontrolled();
    }
    return t;
  }

  private static void uncontrolled() {
    Scheduler s = active;
    if (s != null && !s.isAborted()) {
      s.abortFromController(
          RunResult.Outcome.SKIPPED,
          null,
          "thread \""
              + Thread.currentThread().getName()
              + "\" ran target code but was not started by the target through Thread.start();"
              + " Weft cannot control it yet");
    }
  }

  // -------------------------------------------------------------------------------- fields

  public static void getField(Object obj, int field, int site) {
    ControlledThread t = self();
    if (t != null && obj != null) {
      Scheduler s = t.scheduler;
      s.point(t, EventKind.READ, s.objectLocation(obj, field, site), site, null, 0);
    }
  }

  public static void putField(Object obj, int field, int site) {
    ControlledThread t = self();
    if (t != null && obj != null) {
      Scheduler s = t.scheduler;
      s.point(t, EventKind.WRITE, s.objectLocation(obj, field, site), site, null, 0);
    }
  }

  public static void getStatic(int field, int site) {
    ControlledThread t = self();
    if (t != null) {
      t.scheduler.point(t, EventKind.READ, Locations.of(0, field), site, null, 0);
    }
  }

  public static void putStatic(int field, int site) {
    ControlledThread t = self();
    if (t != null) {
      t.scheduler.point(t, EventKind.WRITE, Locations.of(0, field), site, null, 0);
    }
  }

  // -------------------------------------------------------------------------------- arrays

  public static void arrayRead(Object array, int index, int site) {
    ControlledThread t = self();
    if (t != null && array != null) {
      Scheduler s = t.scheduler;
      s.point(t, EventKind.ARRAY_READ, s.objectLocation(array, index, site), site, null, 0);
    }
  }

  private static void arrayWrite(Object array, int index, int site) {
    ControlledThread t = self();
    if (t != null && array != null) {
      Scheduler s = t.scheduler;
      s.point(t, EventKind.ARRAY_WRITE, s.objectLocation(array, index, site), site, null, 0);
    }
  }

  public static void iastore(int[] a, int i, int v, int site) {
    arrayWrite(a, i, site);
    a[i] = v;
  }

  public static void lastore(long[] a, int i, long v, int site) {
    arrayWrite(a, i, site);
    a[i] = v;
  }

  public static void fastore(float[] a, int i, float v, int site) {
    arrayWrite(a, i, site);
    a[i] = v;
  }

  public static void dastore(double[] a, int i, double v, int site) {
    arrayWrite(a, i, site);
    a[i] = v;
  }

  public static void aastore(Object[] a, int i, Object v, int site) {
    arrayWrite(a, i, site);
    a[i] = v;
  }

  public static void bastore(Object a, int i, int v, int site) {
    arrayWrite(a, i, site);
    if (a instanceof boolean[]) {
      ((boolean[]) a)[i] = (v & 1) != 0;
    } else {
      ((byte[]) a)[i] = (byte) v;
    }
  }

  public static void castore(char[] a, int i, char v, int site) {
    arrayWrite(a, i, site);
    a[i] = v;
  }

  public static void sastore(short[] a, int i, short v, int site) {
    arrayWrite(a, i, site);
    a[i] = v;
  }

  // ------------------------------------------------------------------------------ monitors

  public static void monitorEnter(Object obj, int site) {
    if (obj == null) {
      throw new NullPointerException("Cannot enter synchronized block because the lock is null");
    }
    ControlledThread t = self();
    if (t != null) {
      Scheduler s = t.scheduler;
      s.point(t, EventKind.MONITOR_ENTER, s.lockLocation(obj, site), site, obj, 0);
    }
  }

  /** Releases a monitor; never throws an abort, because javac's handlers re-run monitorexit. */
  public static void monitorExit(Object obj, int site) {
    if (obj == null) {
      throw new NullPointerException("Cannot exit synchronized block because the lock is null");
    }
    ControlledThread t = ControlledThread.current();
    if (t == null) {
      return;
    }
    Scheduler s = t.scheduler;
    if (s.isAborted()) {
      s.monitors().exit(obj, t);
      return;
    }
    if (!s.monitors().holds(obj, t)) {
      throw new IllegalMonitorStateException("current thread does not own the monitor");
    }
    s.record(t, EventKind.MONITOR_EXIT, s.lockLocation(obj, site), site);
    s.monitors().exit(obj, t);
  }

  /** Exit path of a synchronized method left by an exception: release if still held. */
  public static void monitorExitOnThrow(Object obj, int site) {
    ControlledThread t = ControlledThread.current();
    if (t != null && obj != null && t.scheduler.monitors().holds(obj, t)) {
      monitorExit(obj, site);
    }
  }

  public static void waitUntimed(Object obj, int site) throws InterruptedException {
    doWait(obj, 0, site);
  }

  public static void waitTimed(Object obj, long millis, int site) throws InterruptedException {
    if (millis < 0) {
      throw new IllegalArgumentException("timeout value is negative");
    }
    doWait(obj, millis, site);
  }

  public static void waitTimedNanos(Object obj, long millis, int nanos, int site)
      throws InterruptedException {
    if (millis < 0 || nanos < 0 || nanos > 999999) {
      throw new IllegalArgumentException("timeout value is out of range");
    }
    doWait(obj, millis > 0 || nanos > 0 ? Math.max(1, millis) : 0, site);
  }

  private static void doWait(Object obj, long timeout, int site) throws InterruptedException {
    ControlledThread t = self();
    if (t == null) {
      return;
    }
    Scheduler s = t.scheduler;
    if (!s.monitors().holds(obj, t)) {
      throw new IllegalMonitorStateException("current thread is not owner");
    }
    if (t.interrupted) {
      t.interrupted = false;
      throw new InterruptedException();
    }
    long lock = s.lockLocation(obj, site);
    s.point(t, EventKind.WAIT, lock, site, obj, 0);
    s.point(t, EventKind.WAKE, lock, site, obj, TimeUnit.MILLISECONDS.toNanos(timeout));
    if (t.interrupted && !t.notified) {
      t.interrupted = false;
      throw new InterruptedException();
    }
    t.notified = false;
  }

  public static void notify(Object obj, int site) {
    notifySome(obj, site, EventKind.NOTIFY);
  }

  public static void notifyAll(Object obj, int site) {
    notifySome(obj, site, EventKind.NOTIFY_ALL);
  }

  private static void notifySome(Object obj, int site, EventKind kind) {
    ControlledThread t = self();
    if (t == null) {
      return;
    }
    Scheduler s = t.scheduler;
    if (!s.monitors().holds(obj, t)) {
      throw new IllegalMonitorStateException("current thread is not owner");
    }
    s.point(t, kind, s.lockLocation(obj, site), site, obj, 0);
  }

  // ------------------------------------------------------------------------------- threads

  public static void threadStart(Thread thread, int site) {
    ControlledThread t = self();
    if (t == null) {
      thread.start();
      return;
    }
    Scheduler s = t.scheduler;
    if (s.threadOf(thread) != null) {
      throw new IllegalThreadStateException("thread " + thread.getName() + " was started before");
    }
    long loc = Locations.of(s.objects().numberOf(thread, site), Locations.THREAD_MEMBER);
    s.point(t, EventKind.THREAD_START, loc, site, thread, 0);
  }

  public static void threadJoin(Thread thread, int site) throws InterruptedException {
    join(thread, 0, site);
  }

  public static void threadJoinTimed(Thread thread, long millis, int site)
      throws InterruptedException {
    if (millis < 0) {
      throw new IllegalArgumentException("timeout value is negative");
    }
    join(thread, millis, site);
  }

  public static void threadJoinTimedNanos(Thread thread, long millis, int nanos, int site)
      throws InterruptedException {
    join(thread, millis > 0 || nanos > 0 ? Math.max(1, millis) : 0, site);
  }

  private static void join(Thread thread, long timeout, int site) throws InterruptedException {
    ControlledThread t = self();
    if (t == null) {
      if (timeout == 0) {
        thread.join();
      } else {
        thread.join(timeout);
      }
      return;
    }
    Scheduler s = t.scheduler;
    ControlledThread target = s.threadOf(thread);
    long loc = Locations.of(s.objects().numberOf(thread, site), Locations.THREAD_MEMBER);
    if (t.interrupted) {
      t.interrupted = false;
      throw new InterruptedException();
    }
    s.point(t, EventKind.THREAD_JOIN, loc, site, target, TimeUnit.MILLISECONDS.toNanos(timeout));
    if (t.interrupted && target != null && !target.finished) {
      t.interrupted = false;
      throw new InterruptedException();
    }
  }

  public static void threadInterrupt(Thread thread, int site) {
    ControlledThread t = self();
    if (t == null) {
      thread.interrupt();
      return;
    }
    Scheduler s = t.scheduler;
    ControlledThread target = s.threadOf(thread);
    if (target == null) {
      return;
    }
    long loc = Locations.of(s.objects().numberOf(thread, site), Locations.THREAD_MEMBER);
    s.point(t, EventKind.THREAD_INTERRUPT, loc, site, target, 0);
  }

  public static boolean threadIsInterrupted(Thread thread) {
    ControlledThread t = ControlledThread.current();
    if (t == null) {
      return thread.isInterrupted();
    }
    ControlledThread target = t.scheduler.threadOf(thread);
    return target != null && target.interrupted;
  }

  public static boolean threadInterrupted() {
    ControlledThread t = ControlledThread.current();
    if (t == null) {
      return Thread.interrupted();
    }
    boolean was = t.interrupted;
    t.interrupted = false;
    return was;
  }

  public static boolean threadIsAlive(Thread thread) {
    ControlledThread t = ControlledThread.current();
    if (t == null) {
      return thread.isAlive();
    }
    ControlledThread target = t.scheduler.threadOf(thread);
    return target != null && !target.finished;
  }

  public static Thread currentThread() {
    ControlledThread t = ControlledThread.current();
    return t == null ? Thread.currentThread() : t.logical;
  }

  public static void threadYield(int site) {
    ControlledThread t = self();
    if (t != null) {
      t.scheduler.point(t, EventKind.THREAD_YIELD, Locations.NONE, site, null, 0);
    }
  }

  public static void threadSleep(long millis, int site) throws InterruptedException {
    if (millis < 0) {
      throw new IllegalArgumentException("timeout value is negative");
    }
    ControlledThread t = self();
    if (t == null) {
      Thread.sleep(millis);
      return;
    }
    sleepNanos(t, TimeUnit.MILLISECONDS.toNanos(millis), site);
  }

  public static void threadSleepNanos(long millis, int nanos, int site)
      throws InterruptedException {
    if (millis < 0 || nanos < 0 || nanos > 999999) {
      throw new IllegalArgumentException("timeout value is out of range");
    }
    ControlledThread t = self();
    if (t == null) {
      Thread.sleep(millis, nanos);
      return;
    }
    sleepNanos(t, TimeUnit.MILLISECONDS.toNanos(millis) + nanos, site);
  }

  /** {@code TimeUnit.sleep}: a sleep like any other, and a no-op for a non-positive duration. */
  public static void timeUnitSleep(TimeUnit unit, long duration, int site)
      throws InterruptedException {
    ControlledThread t = self();
    if (t == null) {
      unit.sleep(duration);
      return;
    }
    sleepNanos(t, Math.max(0, unit.toNanos(duration)), site);
  }

  /** Sleeps in virtual time: a scheduling point after which the clock has moved on. */
  private static void sleepNanos(ControlledThread t, long nanos, int site)
      throws InterruptedException {
    if (t.interrupted) {
      t.interrupted = false;
      throw new InterruptedException("sleep interrupted");
    }
    t.scheduler.point(t, EventKind.THREAD_SLEEP, Locations.NONE, site, null, nanos);
    if (t.interrupted) {
      t.interrupted = false;
      throw new InterruptedException("sleep interrupted");
    }
  }

  /** {@code System.nanoTime()} as the target sees it: virtual, and equal in a replay. */
  public static long nanoTime() {
    ControlledThread t = ControlledThread.current();
    if (t == null) {
      return System.nanoTime();
    }
    VirtualClock clock = t.scheduler.clock();
    clock.tick();
    return clock.nanoTime();
  }

  public static long currentTimeMillis() {
    ControlledThread t = ControlledThread.current();
    if (t == null) {
      return System.currentTimeMillis();
    }
    VirtualClock clock = t.scheduler.clock();
    clock.tick();
    return clock.currentTimeMillis();
  }

  // ---------------------------------------------------------------------------- the rest

  /** {@code System.exit}, {@code Runtime.exit} and {@code Runtime.halt} end the run, not Weft. */
  public static void exit(int status) {
    throw new TargetExit(status);
  }

  public static void runtimeExit(Runtime runtime, int status) {
    throw new TargetExit(status);
  }

  public static void allocated(Object obj, int site) {
    ControlledThread t = ControlledThread.current();
    if (t != null) {
      t.scheduler.allocated(obj, site);
    }
  }

  /**
   * A pool worker starts or stops waiting for work. A run whose only live threads are idle workers
   * has ended: the pool was simply never shut down.
   */
  public static void idle(boolean idle) {
    ControlledThread t = ControlledThread.current();
    if (t != null) {
      t.idle = idle;
    }
  }

  /** State behind a JDK object changed outside a hooked call (a pool task ran to its end). */
  public static void changed() {
    ControlledThread t = ControlledThread.current();
    if (t != null) {
      t.scheduler.changed();
    }
  }

  /** A static initialiser begins: the JVM's class-init lock forbids switching inside it. */
  public static void atomicEnter() {
    ControlledThread t = ControlledThread.current();
    if (t != null) {
      t.atomicDepth++;
    }
  }

  public static void atomicExit() {
    ControlledThread t = ControlledThread.current();
    if (t != null && t.atomicDepth > 0) {
      t.atomicDepth--;
    }
  }
}
