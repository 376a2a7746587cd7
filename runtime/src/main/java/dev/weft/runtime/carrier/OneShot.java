package dev.weft.runtime.carrier;

import java.util.concurrent.locks.LockSupport;

/**
 * An event that happens once and that one thread waits for with a time limit: a run's end, which
 * the controller waits for while it watches the run's budgets, and a carrier's return from a
 * finished thread. The limit is checked at {@link WaitTicks}, not by a timer per wait (what a
 * {@code CountDownLatch}'s timed wait costs a virtual thread), so it is late by up to a tick.
 *
 * <p>Unlike a latch's, a wait for an event that has happened returns it even to an interrupted
 * thread (the flag stays set for its next wait). A waiter may be unparked after it stopped waiting
 * (a tick or a signal that came late), as {@code LockSupport} allows anyway: every park loop of the
 * controller looks at its own condition again.
 */
public final class OneShot {
  private final WaitTicks ticks;
  private volatile boolean happened;
  private volatile Thread waiter;

  public OneShot() {
    this(WaitTicks.SHARED);
  }

  public OneShot(WaitTicks ticks) {
    this.ticks = ticks;
  }

  public void signal() {
    happened = true;
    Thread w = waiter; // read after the write above: a waiter that missed it is woken here
    if (w != null) {
      LockSupport.unpark(w);
    }
  }

  boolean happened() {
    return happened;
  }

  /**
   * Waits for the event, or for the next tick; returns whether it happened. One thread at a time.
   */
  public boolean awaitOrTick() throws InterruptedException {
    if (happened) {
      return true;
    }
    Thread me = Thread.currentThread();
    waiter = me;
    try {
      ticks.join(me);
      long tick = ticks.ticks();
      while (!happened && ticks.ticks() == tick) {
        if (Thread.interrupted()) {
          throw new InterruptedException();
        }
        LockSupport.park(this);
      }
      return happened;
    } finally {
      ticks.leave(me);
      waiter = null;
    }
  }

  /** Waits for the event until {@code deadlineNanos} ({@link System#nanoTime}), or a tick after. */
  boolean await(long deadlineNanos) throws InterruptedException {
    while (!happened && System.nanoTime() - deadlineNanos < 0) {
      awaitOrTick();
    }
    return happened;
  }
}
