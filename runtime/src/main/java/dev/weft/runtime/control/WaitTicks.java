package dev.weft.runtime.control;

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
final class WaitTicks {
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
    t.start();
  }

  private void tick() {
    int idle = 0;
    while (true) {
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(periodMillis));
      ticks++;
      idle = waiting.isEmpty() ? idle + 1 : 0;
      for (Thread t : waiting) {
        LockSupport.unpark(t);
      }
      if (idle >= IDLE_TICKS && stopIfIdle()) {
        return;
      }
    }
  }

  /** Ends the ticker unless a waiter came: one that joins later starts another. */
  private synchronized boolean stopIfIdle() {
    if (!waiting.isEmpty()) {
      return false;
    }
    ticker = null;
    return true;
  }
}
