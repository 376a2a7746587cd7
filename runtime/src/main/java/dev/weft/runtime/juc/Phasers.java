package dev.weft.runtime.juc;

import dev.weft.runtime.control.Blocked;
import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.Scheduler;
import dev.weft.runtime.jdk.JdkCalls;
import dev.weft.runtime.jdk.JdkCode;
import dev.weft.runtime.races.RaceCalls;
import dev.weft.trace.EventKind;
import dev.weft.trace.Locations;
import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntSupplier;

/**
 * {@link Phaser}. Waiting for an advance is modelled as blocking until {@code getPhase()} differs
 * from the awaited phase (a terminated phaser's phase is negative, so termination releases waiters
 * too); {@code arriveAndAwaitAdvance} is a real {@code arrive()} followed by that wait, so the last
 * party's arrival, which advances the phase, returns at once. Registration can also wait in the
 * JDK: a sub-phaser whose parties have all arrived waits for the root to advance before it accepts
 * a new party, so registering is modelled as blocking until no phaser on the path to the root is in
 * that state. Arrivals are hooked (rather than left to {@link JdkCalls}) so that they are
 * scheduling points and wake waiters also on target subclasses, which usually exist to override
 * {@code onAdvance}; that method runs in the arriving thread with its scheduling points, as it does
 * in the JDK. A phaser's phase lives in its root, so a tiered phaser needs no more.
 */
public final class Phasers {

  private static final long UNTIMED = -1;

  private Phasers() {}

  private static long location(ControlledThread t, Phaser phaser, int site) {
    return t.scheduler().objectLocation(phaser, Locations.CONTENTS_MEMBER, site);
  }

  // ------------------------------------------------------------------------------- arriving

  public static int arrive(Phaser phaser, int site) {
    ControlledThread t = JdkCode.controlledCaller(phaser, "arrive");
    if (t == null) {
      return phaser.arrive();
    }
    return changing(t, phaser, site, phaser::arrive);
  }

  public static int arriveAndDeregister(Phaser phaser, int site) {
    ControlledThread t = JdkCode.controlledCaller(phaser, "arriveAndDeregister");
    if (t == null) {
      return phaser.arriveAndDeregister();
    }
    return changing(t, phaser, site, phaser::arriveAndDeregister);
  }

  public static void forceTermination(Phaser phaser, int site) {
    ControlledThread t = JdkCode.controlledCaller(phaser, "forceTermination");
    if (t == null) {
      phaser.forceTermination();
      return;
    }
    changing(
        t,
        phaser,
        site,
        () -> {
          phaser.forceTermination();
          return 0;
        });
  }

  /** A scheduling point recorded as a write of the phaser, then the real call. */
  private static int changing(ControlledThread t, Phaser phaser, int site, IntSupplier call) {
    Scheduler s = t.scheduler();
    long location = location(t, phaser, site);
    s.point(t, EventKind.WRITE, location, site, null, 0);
    try {
      return call.getAsInt();
    } finally {
      RaceCalls.released(t, location); // what onAdvance wrote, before the parties go on
      s.changed();
    }
  }

  public static int arriveAndAwaitAdvance(Phaser phaser, int site) {
    ControlledThread t = JdkCode.controlledCaller(phaser, "arriveAndAwaitAdvance");
    if (t == null) {
      return phaser.arriveAndAwaitAdvance();
    }
    int phase = changing(t, phaser, site, phaser::arrive);
    int next = (phase + 1) & Integer.MAX_VALUE;
    if (phase >= 0 && (phaser.getPhase() & Integer.MAX_VALUE) == next) {
      return next; // this arrival advanced the phase: the JDK returns the next phase, terminated or
      // not
    }
    try {
      return awaitModel(t, phaser, phase, UNTIMED, false, site);
    } catch (InterruptedException | TimeoutException impossible) {
      throw new AssertionError(impossible);
    }
  }

  // -------------------------------------------------------------------------------- waiting

  public static int awaitAdvance(Phaser phaser, int phase, int site) {
    ControlledThread t = JdkCode.controlledCaller(phaser, "awaitAdvance", int.class);
    if (t == null) {
      return phaser.awaitAdvance(phase);
    }
    try {
      return awaitModel(t, phaser, phase, UNTIMED, false, site);
    } catch (InterruptedException | TimeoutException impossible) {
      throw new AssertionError(impossible);
    }
  }

  public static int awaitAdvanceInterruptibly(Phaser phaser, int phase, int site)
      throws InterruptedException {
    ControlledThread t = JdkCode.controlledCaller(phaser, "awaitAdvanceInterruptibly", int.class);
    if (t == null) {
      return phaser.awaitAdvanceInterruptibly(phase);
    }
    try {
      return awaitModel(t, phaser, phase, UNTIMED, true, site);
    } catch (TimeoutException impossible) {
      throw new AssertionError(impossible);
    }
  }

  public static int awaitAdvanceTimed(
      Phaser phaser, int phase, long timeout, TimeUnit unit, int site)
      throws InterruptedException, TimeoutException {
    ControlledThread t =
        JdkCode.controlledCaller(
            phaser, "awaitAdvanceInterruptibly", int.class, long.class, TimeUnit.class);
    if (t == null) {
      return phaser.awaitAdvanceInterruptibly(phase, timeout, unit);
    }
    return awaitModel(t, phaser, phase, Math.max(0, unit.toNanos(timeout)), true, site);
  }

  /**
   * Waits until the phase is no longer {@code phase} and returns the new one (negative once
   * terminated). As in the JDK, a phase that has already moved on is returned without looking at
   * the interrupt status; it cannot move back, so deciding that before the scheduling point is
   * safe.
   */
  private static int awaitModel(
      ControlledThread t,
      Phaser phaser,
      int phase,
      long timeoutNanos,
      boolean interruptible,
      int site)
      throws InterruptedException, TimeoutException {
    if (phase < 0) {
      return phase;
    }
    Scheduler s = t.scheduler();
    long location = location(t, phaser, site);
    if (phaser.getPhase() != phase) {
      s.point(t, EventKind.READ, location, site, null, 0);
      return phaser.getPhase();
    }
    Blocked b =
        s.block(
            t,
            EventKind.READ,
            location,
            site,
            phaser,
            timeoutNanos,
            interruptible,
            () -> phaser.getPhase() != phase);
    b.throwIfInterrupted();
    if (b == Blocked.TIMED_OUT) {
      throw new TimeoutException();
    }
    return phaser.getPhase();
  }

  // ---------------------------------------------------------------------------- registering

  public static int register(Phaser phaser, int site) {
    ControlledThread t = JdkCode.controlledCaller(phaser, "register");
    if (t == null) {
      return phaser.register();
    }
    return registerModel(t, phaser, site, phaser::register);
  }

  public static int bulkRegister(Phaser phaser, int parties, int site) {
    ControlledThread t = JdkCode.controlledCaller(phaser, "bulkRegister", int.class);
    if (t == null || parties <= 0) {
      return phaser.bulkRegister(parties); // no parties to add: returns at once, or throws
    }
    return registerModel(t, phaser, site, () -> phaser.bulkRegister(parties));
  }

  private static int registerModel(
      ControlledThread t, Phaser phaser, int site, IntSupplier register) {
    Scheduler s = t.scheduler();
    int[] phase = new int[1];
    s.block(
        t,
        EventKind.WRITE,
        location(t, phaser, site),
        site,
        phaser,
        UNTIMED,
        false,
        () -> {
          if (!registersAtOnce(phaser)) {
            return false;
          }
          phase[0] = register.getAsInt();
          return true;
        });
    s.changed();
    return phase[0];
  }

  /**
   * Whether the JDK's registration would not wait: it waits on a phaser (or, for a phaser with no
   * parties yet, on the parent it then registers with) whose registered parties have all arrived
   * but whose phase has not advanced, which lasts for a sub-phaser until the root advances.
   */
  private static boolean registersAtOnce(Phaser phaser) {
    for (Phaser p = phaser; p != null; p = p.getParent()) {
      if (p.isTerminated()) {
        return true;
      }
      if (p.getRegisteredParties() > 0) {
        return p.getUnarrivedParties() > 0;
      }
    }
    return true;
  }
}
