package dev.weft.runtime.sync;

import dev.weft.runtime.control.ActiveRun;
import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.RunLocal;
import dev.weft.runtime.control.Scheduler;
import dev.weft.trace.EventKind;
import java.util.IdentityHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Monitors as Weft sees them. Target code never holds a JVM monitor: {@code monitorenter}, {@code
 * synchronized} methods, {@code wait} and {@code notify} are all rewritten to use this model, so a
 * thread that would block is simply not enabled and never blocks inside the JVM while it holds the
 * turn. Notify order is FIFO, as on HotSpot.
 */
public final class Monitors {
  private static final RunLocal<Monitors> RUN = new RunLocal<>(Monitors::new);

  private final IdentityHashMap<Object, Monitor> monitors = new IdentityHashMap<>();

  private Monitors() {}

  private static Monitors of(Scheduler s) {
    return RUN.of(s);
  }

  private Monitor monitor(Object object) {
    return monitors.computeIfAbsent(object, o -> new Monitor());
  }

  private boolean holds(Object object, ControlledThread thread) {
    Monitor m = monitors.get(object);
    return m != null && m.owner == thread;
  }

  /** Releases one hold; returns false when the thread did not own the monitor. */
  private boolean release(Object object, ControlledThread thread) {
    Monitor m = monitors.get(object);
    if (m == null || m.owner != thread) {
      return false;
    }
    if (--m.depth == 0) {
      m.owner = null;
    }
    return true;
  }

  // ------------------------------------------------------------------------------ operations

  public static void enter(Object obj, int site) {
    if (obj == null) {
      throw new NullPointerException("Cannot enter synchronized block because the lock is null");
    }
    ControlledThread t = ActiveRun.self();
    if (t == null) {
      return;
    }
    Scheduler s = t.scheduler();
    Monitor m = of(s).monitor(obj);
    s.point(
        t,
        EventKind.MONITOR_ENTER,
        s.lockLocation(obj, site),
        site,
        obj,
        0,
        new MonitorEntryWait(obj, m));
    m.owner = t;
    if (m.depth++ == 0) {
      m.enterSite = site;
    }
  }

  /** Releases a monitor; never throws an abort, because javac's handlers re-run monitorexit. */
  public static void exit(Object obj, int site) {
    if (obj == null) {
      throw new NullPointerException("Cannot exit synchronized block because the lock is null");
    }
    ControlledThread t = ControlledThread.current();
    if (t == null) {
      return;
    }
    Scheduler s = t.scheduler();
    Monitors model = of(s);
    if (s.isAborted()) {
      model.release(obj, t);
      return;
    }
    if (!model.holds(obj, t)) {
      throw new IllegalMonitorStateException("current thread does not own the monitor");
    }
    s.record(t, EventKind.MONITOR_EXIT, s.lockLocation(obj, site), site);
    model.release(obj, t);
  }

  /**
   * {@code Thread.holdsLock}: target code never holds a JVM monitor, so inside a run the model
   * answers (libraries assert that a caller holds their lock); outside one, and for monitors JDK
   * code holds on the thread's behalf, the JVM does.
   */
  public static boolean holdsLock(Object obj) {
    if (obj == null) {
      throw new NullPointerException("obj");
    }
    ControlledThread t = ControlledThread.current();
    if (t != null && of(t.scheduler()).holds(obj, t)) {
      return true;
    }
    return Thread.holdsLock(obj);
  }

  /** Exit path of a synchronized method left by an exception: release if still held. */
  public static void exitOnThrow(Object obj, int site) {
    ControlledThread t = ControlledThread.current();
    if (t != null && obj != null && of(t.scheduler()).holds(obj, t)) {
      exit(obj, site);
    }
  }

  /** {@code Object.wait()}. */
  public static void await(Object obj, int site) throws InterruptedException {
    awaitFor(obj, 0, site);
  }

  public static void await(Object obj, long millis, int site) throws InterruptedException {
    if (millis < 0) {
      throw new IllegalArgumentException("timeout value is negative");
    }
    awaitFor(obj, millis, site);
  }

  public static void await(Object obj, long millis, int nanos, int site)
      throws InterruptedException {
    if (millis < 0 || nanos < 0 || nanos > 999999) {
      throw new IllegalArgumentException("timeout value is out of range");
    }
    awaitFor(obj, millis > 0 || nanos > 0 ? Math.max(1, millis) : 0, site);
  }

  /** {@code timeoutMillis} 0 waits until notified. */
  private static void awaitFor(Object obj, long timeoutMillis, int site)
      throws InterruptedException {
    ControlledThread t = ActiveRun.self();
    if (t == null) {
      return;
    }
    Scheduler s = t.scheduler();
    Monitors model = of(s);
    if (!model.holds(obj, t)) {
      throw new IllegalMonitorStateException("current thread is not owner");
    }
    if (t.consumeInterrupt()) {
      throw new InterruptedException();
    }
    long lock = s.lockLocation(obj, site);
    Monitor m = model.monitor(obj);
    MonitorReacquireWait wake = new MonitorReacquireWait(obj, m);
    s.point(t, EventKind.WAIT, lock, site, obj, 0);
    int depth = m.depth;
    m.owner = null;
    m.depth = 0;
    m.waitSet.addLast(wake);
    s.point(t, EventKind.WAKE, lock, site, obj, TimeUnit.MILLISECONDS.toNanos(timeoutMillis), wake);
    boolean spurious = t.consumeSpuriousWakeup(); // takes the monitor back as if notified
    if (!wake.notified && !t.isInterrupted() && !spurious) {
      s.timedOut(t);
    }
    m.waitSet.remove(wake);
    m.owner = t;
    m.depth = depth;
    m.enterSite = site;
    if (t.isInterrupted() && !wake.notified) {
      t.setInterrupted(false);
      throw new InterruptedException();
    }
  }

  public static void notify(Object obj, int site, boolean all) {
    ControlledThread t = ActiveRun.self();
    if (t == null) {
      return;
    }
    Scheduler s = t.scheduler();
    Monitors model = of(s);
    if (!model.holds(obj, t)) {
      throw new IllegalMonitorStateException("current thread is not owner");
    }
    s.point(
        t, all ? EventKind.NOTIFY_ALL : EventKind.NOTIFY, s.lockLocation(obj, site), site, obj, 0);
    Monitor m = model.monitors.get(obj);
    if (m == null) {
      return;
    }
    if (all) {
      for (MonitorReacquireWait w : m.waitSet) {
        w.notified = true;
      }
      m.waitSet.clear();
    } else {
      MonitorReacquireWait w = m.waitSet.pollFirst();
      if (w != null) {
        w.notified = true;
      }
    }
  }
}
