package dev.weft.runtime.sync;

import dev.weft.runtime.control.ActiveRun;
import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.RunLocal;
import dev.weft.runtime.control.Scheduler;
import dev.weft.trace.EventKind;
import java.util.IdentityHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

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
    enter(t, obj, site);
  }

  /** The monitor entry as a point: the thread waits there while another holds the monitor. */
  private static void enter(ControlledThread t, Object obj, int site) {
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
    awaitFor(t, obj, timeoutMillis, site, false);
  }

  /**
   * The model's wait; {@code releasingJvmMonitor}: the thread also holds the JVM's monitor (JDK
   * code took both), which its carrier lets go while it waits for the turn.
   */
  private static void awaitFor(
      ControlledThread t, Object obj, long timeoutMillis, int site, boolean releasingJvmMonitor)
      throws InterruptedException {
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
    if (releasingJvmMonitor) {
      t.inJdk().awaitTurnReleasing(obj);
    }
    try {
      s.point(
          t, EventKind.WAKE, lock, site, obj, TimeUnit.MILLISECONDS.toNanos(timeoutMillis), wake);
    } finally {
      t.inJdk().turnAwaited();
    }
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

  // --------------------------------------------------------- inside the JDK (jdk.inside)

  /**
   * A JDK class's {@code monitorenter} on a controlled thread, before the JVM's: a monitor free in
   * the model (or the thread's own) is taken with no scheduling point, so that the JDK's many
   * uncontended monitors cost no decision and change no trace. Returns false, taking nothing, when
   * another controlled thread holds it: then {@link #enterInJdk} waits for it as target code waits.
   */
  public static boolean tryEnterInJdk(ControlledThread t, Object obj) {
    Monitor m = of(t.scheduler()).monitor(obj);
    if (!m.canEnter(t)) {
      return false;
    }
    m.owner = t;
    m.depth++;
    return true;
  }

  /** A JDK class's {@code monitorenter} that another controlled thread holds: a blocking point. */
  public static void enterInJdk(ControlledThread t, Object obj, int site) {
    enter(t, obj, site);
  }

  /** A JDK class's {@code monitorexit} on a controlled thread, after the JVM's. */
  public static void exitedInJdk(ControlledThread t, Object obj) {
    of(t.scheduler()).release(obj, t);
  }

  /**
   * {@code Object.wait} in JDK code on a controlled thread. Returns false when the model does not
   * hold the monitor for the thread (JDK code took it where Weft does not rewrite): the JVM waits.
   */
  public static boolean awaitInJdk(
      ControlledThread t, Object obj, long millis, int nanos, IntSupplier site)
      throws InterruptedException {
    if (!of(t.scheduler()).holds(obj, t)) {
      return false;
    }
    long timeout = millis > 0 || nanos > 0 ? Math.max(1, millis) : 0;
    awaitFor(t, obj, timeout, site.getAsInt(), Thread.holdsLock(obj));
    return true;
  }

  /** {@code notify} in JDK code on a controlled thread; false: the model does not hold it. */
  public static boolean notifyInJdk(ControlledThread t, Object obj, boolean all, IntSupplier site) {
    if (!of(t.scheduler()).holds(obj, t)) {
      return false;
    }
    notify(obj, site.getAsInt(), all);
    return true;
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
