package dev.weft.runtime.sync;

import dev.weft.runtime.control.ActiveRun;
import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.RunLocal;
import dev.weft.runtime.control.Scheduler;
import dev.weft.runtime.control.TargetExit;
import dev.weft.runtime.control.WeftAbort;
import dev.weft.trace.EventKind;
import dev.weft.trace.Locations;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code Thread}'s own synchronisation as target code sees it: start, join, interrupt and its
 * queries, yield, and sleep in virtual time; and the names of threads made without one. A target's
 * {@code Thread} object is never started itself; the scheduler runs its {@code run()} on a carrier
 * it owns. Calls from threads Weft does not control go to the JDK.
 */
public final class Threads {
  /** How many threads without a name the run has made so far. */
  private static final RunLocal<int[]> UNNAMED = new RunLocal<>(() -> new int[1]);

  /** For threads made outside any run: numbered, like the JDK's, for the whole process. */
  private static final AtomicInteger UNNAMED_OUTSIDE_RUNS = new AtomicInteger();

  private Threads() {}

  /**
   * The name the JVM would give the next thread made without one, {@code Thread-N}, but counted per
   * run from 0 as in a fresh JVM: the JDK's counter is shared by every run in this process, so a
   * run and its replay would see different names.
   */
  public static String defaultName() {
    ControlledThread t = ControlledThread.current();
    int n = t == null ? UNNAMED_OUTSIDE_RUNS.getAndIncrement() : UNNAMED.of(t.scheduler())[0]++;
    return "Thread-" + n;
  }

  public static void start(Thread thread, int site) {
    ControlledThread t = ActiveRun.self();
    if (t == null) {
      thread.start();
      return;
    }
    Scheduler s = t.scheduler();
    if (s.threadOf(thread) != null) {
      throw new IllegalThreadStateException("thread " + thread.getName() + " was started before");
    }
    s.point(t, EventKind.THREAD_START, s.threadLocation(thread, site), site, thread, 0);
  }

  public static void join(Thread thread, int site) throws InterruptedException {
    joinFor(thread, 0, site);
  }

  public static void join(Thread thread, long millis, int site) throws InterruptedException {
    if (millis < 0) {
      throw new IllegalArgumentException("timeout value is negative");
    }
    joinFor(thread, millis, site);
  }

  public static void join(Thread thread, long millis, int nanos, int site)
      throws InterruptedException {
    joinFor(thread, millis > 0 || nanos > 0 ? Math.max(1, millis) : 0, site);
  }

  /** {@code timeoutMillis} 0 waits for ever. */
  private static void joinFor(Thread thread, long timeoutMillis, int site)
      throws InterruptedException {
    ControlledThread t = ActiveRun.self();
    if (t == null) {
      if (timeoutMillis == 0) {
        thread.join();
      } else {
        thread.join(timeoutMillis);
      }
      return;
    }
    Scheduler s = t.scheduler();
    ControlledThread target = s.threadOf(thread);
    long loc = s.threadLocation(thread, site);
    if (t.consumeInterrupt()) {
      throw new InterruptedException();
    }
    s.point(
        t,
        EventKind.THREAD_JOIN,
        loc,
        site,
        target,
        TimeUnit.MILLISECONDS.toNanos(timeoutMillis),
        new JoinWait(target));
    if (t.isInterrupted() && target != null && !target.isFinished()) {
      t.setInterrupted(false);
      throw new InterruptedException();
    }
  }

  public static void interrupt(Thread thread, int site) {
    ControlledThread t = ActiveRun.self();
    if (t == null) {
      thread.interrupt();
      return;
    }
    Scheduler s = t.scheduler();
    ControlledThread target = s.threadOf(thread);
    if (target == null) {
      return;
    }
    s.point(t, EventKind.THREAD_INTERRUPT, s.threadLocation(thread, site), site, target, 0);
  }

  public static boolean isInterrupted(Thread thread) {
    ControlledThread t = ControlledThread.current();
    if (t == null) {
      return thread.isInterrupted();
    }
    ControlledThread target = t.scheduler().threadOf(thread);
    return target != null && target.isInterrupted();
  }

  /**
   * Gives {@code e}, which ended {@code logical}'s run, to the thread's own handler as the JVM
   * would (one set by the target with {@code setUncaughtExceptionHandler}, or a thread group that
   * overrides {@code uncaughtException}); returns whether there was one. An exception the handler
   * throws is ignored, as by the JVM.
   */
  public static boolean handledByOwnHandler(Thread logical, Throwable e) {
    Thread.UncaughtExceptionHandler handler = logical.getUncaughtExceptionHandler();
    if (handler == null || handler.getClass() == ThreadGroup.class) {
      return false;
    }
    try {
      handler.uncaughtException(logical, e);
    } catch (WeftAbort | TargetExit stop) {
      throw stop;
    } catch (Throwable ignored) {
      // the JVM ignores an exception thrown by the handler itself
    }
    return true;
  }

  public static boolean interrupted() {
    ControlledThread t = ControlledThread.current();
    if (t == null) {
      return Thread.interrupted();
    }
    return t.consumeInterrupt();
  }

  public static boolean isAlive(Thread thread) {
    ControlledThread t = ControlledThread.current();
    if (t == null) {
      return thread.isAlive();
    }
    ControlledThread target = t.scheduler().threadOf(thread);
    return target != null && !target.isFinished();
  }

  /** {@code Thread.setDaemon}: the JDK's checks, and the flag the run's end depends on. */
  public static void setDaemon(Thread thread, boolean on) {
    thread.setDaemon(on);
    ControlledThread t = ControlledThread.current();
    if (t != null) {
      t.scheduler().daemons().set(thread, on);
    }
  }

  /** {@code Thread.isDaemon}: the flag as the JVM would have set it (carriers are daemons). */
  public static boolean isDaemon(Thread thread) {
    ControlledThread t = ControlledThread.current();
    if (t == null) {
      return thread.isDaemon();
    }
    return t.scheduler().daemons().of(thread, t.scheduler().threadOf(thread));
  }

  public static Thread currentThread() {
    ControlledThread t = ControlledThread.current();
    return t == null ? Thread.currentThread() : t.logical();
  }

  public static void yield(int site) {
    ControlledThread t = ActiveRun.self();
    if (t != null) {
      t.scheduler().point(t, EventKind.THREAD_YIELD, Locations.NONE, site, null, 0);
    }
  }

  /** {@code Thread.sleep}: a scheduling point after which the virtual clock has moved on. */
  public static void sleep(long millis, int site) throws InterruptedException {
    if (millis < 0) {
      throw new IllegalArgumentException("timeout value is negative");
    }
    ControlledThread t = ActiveRun.self();
    if (t == null) {
      Thread.sleep(millis);
      return;
    }
    sleepNanos(t, TimeUnit.MILLISECONDS.toNanos(millis), site);
  }

  public static void sleep(long millis, int nanos, int site) throws InterruptedException {
    if (millis < 0 || nanos < 0 || nanos > 999999) {
      throw new IllegalArgumentException("timeout value is out of range");
    }
    ControlledThread t = ActiveRun.self();
    if (t == null) {
      Thread.sleep(millis, nanos);
      return;
    }
    sleepNanos(t, TimeUnit.MILLISECONDS.toNanos(millis) + nanos, site);
  }

  /** {@code TimeUnit.sleep}: a sleep like any other, and a no-op for a non-positive duration. */
  public static void sleep(TimeUnit unit, long duration, int site) throws InterruptedException {
    ControlledThread t = ActiveRun.self();
    if (t == null) {
      unit.sleep(duration);
      return;
    }
    sleepNanos(t, Math.max(0, unit.toNanos(duration)), site);
  }

  private static void sleepNanos(ControlledThread t, long nanos, int site)
      throws InterruptedException {
    if (t.consumeInterrupt()) {
      throw new InterruptedException("sleep interrupted");
    }
    t.scheduler().point(t, EventKind.THREAD_SLEEP, Locations.NONE, site, null, nanos);
    if (t.consumeInterrupt()) {
      throw new InterruptedException("sleep interrupted");
    }
  }
}
