package dev.weft.runtime.control;

import dev.weft.runtime.carrier.Carrier;
import dev.weft.runtime.carrier.CarrierCpu;
import java.util.concurrent.locks.LockSupport;

/**
 * Passes the single turn of a run between carriers. A waiting platform carrier spins briefly (with
 * more than two processors) and then parks: a spin costs well under a microsecond when the other
 * thread is on a core, a park/unpark several microseconds; a virtual carrier parks at once.
 */
final class TurnHandoff {
  /**
   * Spins before a platform carrier parks. Carriers pinned to one processor ({@link CarrierCpu})
   * never spin: the spinner would take the processor from the thread holding the turn. With two
   * processors a spinning carrier takes the one the thread holding the turn (or the collector, or
   * the compiler) needs: measured side by side there, parking at once ran random and PCT walks
   * 10-40% faster than 256 spins. With more processors a short spin is cheap.
   */
  private static final class PlatformSpins { // a holder: virtual carriers never load CarrierCpu
    static final int SPINS = CarrierCpu.pinned() < 0 && CarrierCpu.processors() > 2 ? 256 : 0;
  }

  private final RunState run;
  private volatile ControlledThread turn;

  TurnHandoff(RunState run) {
    this.run = run;
  }

  ControlledThread holder() {
    return turn;
  }

  void give(ControlledThread next) {
    turn = next;
    if (next.inJdk().nativeMonitor() != null) {
      next.carrier.interrupt(); // no monitor needed: the waiter may hold it while it checks
    } else if (next.parked) {
      LockSupport.unpark(next.carrier);
    }
  }

  /**
   * Blocks the calling carrier until {@code t} holds the turn; throws if the run is aborted. A real
   * interrupt of the carrier (target interrupts are modelled, but JDK code may set the flag) is put
   * aside while it waits, or every park would return at once and the carrier would spin, which on a
   * virtual carrier holds one of the few platform threads the others need.
   */
  void await(ControlledThread t) {
    // what the JDK does while this carrier waits (a virtual carrier's park) is Weft's own work
    boolean serving = t.inJdk().servingJdk();
    t.inJdk().servingJdk(true);
    try {
      awaitTurn(t);
    } finally {
      t.inJdk().servingJdk(serving);
    }
  }

  private void awaitTurn(ControlledThread t) {
    Object lock = t.inJdk().nativeMonitor();
    if (lock != null) {
      awaitReleasing(t, lock);
      return;
    }
    // a virtual carrier parks at once: its platform thread then runs the thread given the turn
    int limit = t.carrier instanceof Carrier ? PlatformSpins.SPINS : 0;
    int spins = 0;
    boolean interrupted = false;
    try {
      while (turn != t) {
        if (run.isAborted()) {
          throw WeftAbort.INSTANCE;
        }
        if (spins < limit) {
          spins++;
          Thread.onSpinWait();
        } else {
          interrupted |= Thread.interrupted();
          t.parked = true;
          if (turn != t && !run.isAborted()) {
            LockSupport.park(this);
          }
          t.parked = false;
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
    if (run.isAborted()) {
      throw WeftAbort.INSTANCE;
    }
  }

  /**
   * {@link #await} for a thread that holds the JVM's monitor of {@code lock} (a JDK-internal wait):
   * its carrier waits in {@code lock.wait()}, which lets the monitor go, and {@link #give} wakes it
   * with an interrupt, which needs no monitor (a notify would, and the giver could then block on it
   * behind a thread that holds it while parked). An interrupt already pending when the wait began
   * is given back after it.
   */
  private void awaitReleasing(ControlledThread t, Object lock) {
    boolean pending = Thread.interrupted();
    try {
      while (turn != t && !run.isAborted()) {
        try {
          lock.wait();
        } catch (InterruptedException woken) {
          // given the turn, the run aborted, or a real interrupt: the loop looks
        }
      }
    } finally {
      Thread.interrupted();
      if (pending) {
        Thread.currentThread().interrupt();
      }
    }
    if (run.isAborted()) {
      throw WeftAbort.INSTANCE;
    }
  }

  /** Wakes every carrier so that it notices the abort. */
  void wakeAll(ControlledThread[] threads) {
    for (ControlledThread t : threads) {
      if (t.carrier != null) {
        if (t.inJdk().nativeMonitor() != null) {
          t.carrier.interrupt();
        } else {
          LockSupport.unpark(t.carrier);
        }
      }
    }
  }
}
