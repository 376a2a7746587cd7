package dev.weft.runtime.juc;

import dev.weft.runtime.control.Blocked;
import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.RunLocal;
import dev.weft.runtime.control.Scheduler;
import dev.weft.runtime.jdk.JdkCode;
import dev.weft.runtime.races.RaceCalls;
import dev.weft.trace.EventKind;
import dev.weft.trace.Locations;
import java.util.IdentityHashMap;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code CyclicBarrier}: Weft keeps each barrier's generation, arrivals and broken state and runs
 * the barrier action itself, because the JDK's barrier blocks inside the JVM.
 */
public final class Barriers {

  private Barriers() {}

  private static long lockLocation(ControlledThread t, Object lock, int site) {
    return t.scheduler().lockLocation(lock, site);
  }

  private static long valueLocation(ControlledThread t, Object obj, int site) {
    return t.scheduler().objectLocation(obj, Locations.LOCK_MEMBER, site);
  }

  private static final long UNTIMED = -1;

  /** One cyclic barrier's state: how many arrived in this generation, and whether it broke. */
  private static final class Generation {
    int arrived;
    int generation;
    boolean broken;
  }

  /** Per run: each barrier's current generation and action. */
  private static final class State {
    final IdentityHashMap<CyclicBarrier, Generation> generations = new IdentityHashMap<>();
    final IdentityHashMap<CyclicBarrier, Runnable> actions = new IdentityHashMap<>();

    /** The action passed to the constructor that is running now (no switch can come between). */
    Runnable pendingAction;

    Generation of(CyclicBarrier b) {
      return generations.computeIfAbsent(b, k -> new Generation());
    }

    /** Starts a new generation after {@code reset()}; waiters keep the broken old state. */
    Generation renew(CyclicBarrier b) {
      Generation fresh = new Generation();
      generations.put(b, fresh);
      return fresh;
    }
  }

  private static final RunLocal<State> STATE = new RunLocal<>(State::new);

  /** Passes a barrier action through to the constructor and keeps it for the model. */
  public static Runnable barrierAction(Runnable action) {
    ControlledThread t = ControlledThread.current();
    if (t != null) {
      STATE.of(t.scheduler()).pendingAction = action;
    }
    return action;
  }

  /** Called with the new barrier right after its constructor. */
  public static void barrierCreated(Object barrier) {
    ControlledThread t = ControlledThread.current();
    if (t != null && barrier instanceof CyclicBarrier) {
      State state = STATE.of(t.scheduler());
      if (state.pendingAction != null) {
        state.actions.put((CyclicBarrier) barrier, state.pendingAction);
      }
      state.pendingAction = null;
    }
  }

  public static int barrierAwait(CyclicBarrier barrier, int site)
      throws InterruptedException, BrokenBarrierException {
    ControlledThread t = JdkCode.controlledCaller(barrier, "await");
    if (t == null) {
      return barrier.await();
    }
    try {
      return barrierAwaitModel(t, barrier, UNTIMED, site);
    } catch (TimeoutException impossible) {
      throw new AssertionError(impossible);
    }
  }

  public static int barrierAwaitTimed(CyclicBarrier barrier, long time, TimeUnit unit, int site)
      throws InterruptedException, BrokenBarrierException, TimeoutException {
    ControlledThread t = JdkCode.controlledCaller(barrier, "await", long.class, TimeUnit.class);
    if (t == null) {
      return barrier.await(time, unit);
    }
    return barrierAwaitModel(t, barrier, Math.max(0, unit.toNanos(time)), site);
  }

  private static int barrierAwaitModel(
      ControlledThread t, CyclicBarrier barrier, long timeoutNanos, int site)
      throws InterruptedException, BrokenBarrierException, TimeoutException {
    Scheduler s = t.scheduler();
    long location = valueLocation(t, barrier, site);
    s.point(t, EventKind.UPDATE, location, site, null, 0);
    Generation state = STATE.of(s).of(barrier);
    if (state.broken) {
      throw new BrokenBarrierException();
    }
    if (t.consumeInterrupt()) {
      breakBarrier(s, state);
      throw new InterruptedException();
    }
    int index = barrier.getParties() - 1 - state.arrived;
    state.arrived++;
    if (index == 0) {
      Runnable action = STATE.of(s).actions.get(barrier);
      try {
        if (action != null) {
          action.run();
        }
      } catch (RuntimeException | Error e) {
        breakBarrier(s, state);
        throw e;
      }
      state.arrived = 0;
      state.generation++;
      RaceCalls.released(t, location); // the action's writes, before the parties go on
      s.changed();
      return 0;
    }
    int generation = state.generation;
    Blocked b =
        s.block(
            t,
            EventKind.READ,
            location,
            site,
            barrier,
            timeoutNanos,
            true,
            () -> state.generation != generation || state.broken);
    if (b == Blocked.DONE) {
      if (state.generation != generation) {
        return index;
      }
      throw new BrokenBarrierException();
    }
    breakBarrier(s, state);
    b.throwIfInterrupted();
    throw new TimeoutException();
  }

  private static void breakBarrier(Scheduler s, Generation state) {
    state.broken = true;
    s.changed();
  }

  public static void barrierReset(CyclicBarrier barrier, int site) {
    ControlledThread t = JdkCode.controlledCaller(barrier, "reset");
    if (t == null) {
      barrier.reset();
      return;
    }
    Scheduler s = t.scheduler();
    s.point(t, EventKind.UPDATE, valueLocation(t, barrier, site), site, null, 0);
    Generation state = STATE.of(s).of(barrier);
    if (state.arrived > 0) {
      state.broken = true; // the waiting parties see the old generation broken
    }
    Generation fresh = STATE.of(s).renew(barrier);
    fresh.generation = state.generation + 1;
    s.changed();
  }

  public static boolean barrierIsBroken(CyclicBarrier barrier, int site) {
    ControlledThread t = JdkCode.controlledCaller(barrier, "isBroken");
    if (t == null) {
      return barrier.isBroken();
    }
    Scheduler s = t.scheduler();
    s.point(t, EventKind.READ, valueLocation(t, barrier, site), site, null, 0);
    return STATE.of(s).of(barrier).broken;
  }

  public static int barrierNumberWaiting(CyclicBarrier barrier, int site) {
    ControlledThread t = JdkCode.controlledCaller(barrier, "getNumberWaiting");
    if (t == null) {
      return barrier.getNumberWaiting();
    }
    Scheduler s = t.scheduler();
    s.point(t, EventKind.READ, valueLocation(t, barrier, site), site, null, 0);
    return STATE.of(s).of(barrier).arrived;
  }
}
