package dev.weft.runtime.carrier;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A platform thread that wakes the threads waiting with a {@link OneShot} at a fixed period, so
 * that such a wait has a time limit without a timer of its own. On a virtual thread (Weft's
 * controller on JDK 21+) every timed wait schedules a timer on the JDK's unparker thread and
 * cancels it when the wait ends early; one or more per run, at tens of thousands of runs a second,
 * kept that thread busy for a fifth of a processor, on a machine with two.
 */
public final class WaitTicks {
  static final long PERIOD_MILLIS = 10;

  /** Ticks without a waiter after which the thread ends (a second at the shared period). */
  private static final int IDLE_TICKS = 100;

  static final WaitTicks SHARED = new WaitTicks(PERIOD_MILLIS);

  private final long periodMillis;
  private final Set<Thread> waiting = ConcurrentHashMap.newKeySet();
  private volatile long ticks;

  /** The ticking thread, while anyone waited in the last {@value #IDLE_TICKS} ticks; else null. */
  private volatile Thread ticker;

  WaitTicks(long periodMillis) {
    this.periodMillis = periodMillis;
  }

  /** Ticks so far: a waiter woken with the same count as before was woken for another reason. */
  long ticks() {
    return ticks;
  }

  /** Wakes {@code t} at every tick until {@link #leave}. */
  void join(Thread t) {
    waiting.add(t);
    if (ticker == null) {
      startTicker();
    }
  }

  void leave(Thread t) {
    waiting.remove(t);
  }

  private synchronized void startTicker() {
    if (ticker != null) {
      return;
    }
    // started by whichever controller waits first: nothing of that thread's (its thread-locals,
    // a run's context loader) is kept alive by this one
    Thread t = new Thread(null, this::tick, "weft-wait-ticks", 0, false);
    t.setContextClassLoader(null);
    t.setDaemon(true);
    ticker = t;
    try {
      t.start();
    } catch (Throwable e) { // no thread to be had: the next waiter tries again
      ticker = null;
      throw e;
    }
  }

  /**
   * Ticks until nobody has waited for {@value #IDLE_TICKS} ticks. Nothing that goes wrong in one
   * tick (out of memory while the analysis fills the heap, a stray interrupt) ends the thread: a
   * waiter left without ticks would never look at its run's budgets again.
   */
  private void tick() {
    try {
      int idle = 0;
      while (true) {
        try {
          Thread.interrupted(); // parkNanos would return at once while the flag is set
          LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(periodMillis));
          ticks++;
          idle = waiting.isEmpty() ? idle + 1 : 0;
          waiting.forEach(LockSupport::unpark);
          if (idle >= IDLE_TICKS && stopIfIdle()) {
            return;
          }
        } catch (Throwable e) {
          // the next tick tries again
        }
      }
    } finally {
      synchronized (this) {
        if (ticker == Thread.currentThread()) {
          ticker = null;
        }
      }
    }
  }

  /**
   * Ends the ticker unless a waiter came. Cleared first, then looked: a waiter that joined and
   * still saw this ticker is seen here, and one that sees it cleared starts another (under this
   * lock, so after this decision).
   */
  private synchronized boolean stopIfIdle() {
    ticker = null;
    if (!waiting.isEmpty()) {
      ticker = Thread.currentThread();
      return false;
    }
    return true;
  }

  /** Whether the ticking thread is running (for tests). */
  boolean ticking() {
    return ticker != null;
  }
}
