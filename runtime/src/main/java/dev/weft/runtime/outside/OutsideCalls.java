package dev.weft.runtime.outside;

import dev.weft.runtime.control.WeftAbort;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * The run's calls outside itself ({@link OutsideCall}) whose threads gave up the turn, and what the
 * run talked to outside. The kernel, not the run, decides when such a call returns, so when no
 * thread can run the scheduler waits here in real time instead of calling it a deadlock; and since
 * another run of the same decisions may then differ, the run's result says what it talked to.
 */
public final class OutsideCalls {
  /** Calls outside the run whose threads gave up the turn; only the turn holder changes it. */
  private final List<OutsideCall> gaveUpTurn = new ArrayList<>();

  /** What outside the run the run first talked to, and how many such calls it made. */
  private String first;

  private int count;

  /** The carrier waiting, holding the turn, for an outside call to return; null when none. */
  private volatile Thread waiter;

  /** A thread of the run is about to call {@code what} outside it. */
  public void made(String what) {
    if (first == null) {
      first = what;
    }
    count++;
  }

  /** {@code call}'s thread gave up the turn for it. */
  public void gaveUpTurn(OutsideCall call) {
    gaveUpTurn.add(call);
    call.gaveUpTurn = true;
  }

  /** {@code call}, whose thread gave up the turn, has returned: a waiter for it may look. */
  public void returned() {
    Thread w = waiter;
    if (w != null) {
      LockSupport.unpark(w);
    }
  }

  /** {@code call}'s thread has the turn back. */
  public void turnTakenBack(OutsideCall call) {
    gaveUpTurn.remove(call);
  }

  /** Whether some thread has given up the turn for a call outside the run. */
  public boolean any() {
    return !gaveUpTurn.isEmpty();
  }

  /** Whether the thread holding the turn waits for a call outside the run to return. */
  public boolean awaited() {
    return waiter != null;
  }

  /** Whether a call outside the run is under way in the kernel, or has returned. */
  public boolean underWay() {
    boolean underWay = false;
    for (OutsideCall c : gaveUpTurn) {
      underWay |= c.awaited() || c.returned;
    }
    return underWay;
  }

  /**
   * Waits, in real time, until a call outside the run returns (true), or until {@code limitNanos}
   * have passed, when the run's timed waits may time out instead (false; negative: no limit).
   * Throws {@link WeftAbort} if the run is ended meanwhile ({@code aborted}).
   */
  public boolean awaitReturn(long limitNanos, BooleanSupplier aborted) {
    long start = System.nanoTime();
    waiter = Thread.currentThread();
    try {
      while (true) {
        for (OutsideCall c : gaveUpTurn) {
          if (c.returned) {
            return true;
          }
        }
        if (aborted.getAsBoolean()) {
          throw WeftAbort.INSTANCE;
        }
        if (limitNanos >= 0 && System.nanoTime() - start >= limitNanos) {
          return false;
        }
        LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(1));
      }
    } finally {
      waiter = null;
    }
  }

  /** What the run talked to outside itself, for its result; null if nothing. */
  public String note() {
    if (first == null) {
      return null;
    }
    return "the run waited on "
        + first
        + (count > 1 ? " and others outside the run (" + count + " calls)" : " outside the run")
        + ", whose answers come when the kernel has them, so another run of the same decisions may"
        + " differ";
  }
}
