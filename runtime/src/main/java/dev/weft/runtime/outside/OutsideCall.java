package dev.weft.runtime.outside;

import dev.weft.runtime.carrier.Carrier;
import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.Readiness;
import dev.weft.runtime.control.Scheduler;
import dev.weft.runtime.control.Wait;
import dev.weft.runtime.control.WeftAbort;

/**
 * A call that waits on something outside the run (a peer in another process or on another machine)
 * while the run's other threads go on. The kernel, not a thread of the run, decides when it
 * returns, so holding the turn through it would stop every other thread for as long as the peer
 * takes, and a peer that waits for one of them would never be answered. Instead the caller's step
 * into the call is a scheduling point like any other; then the thread gives up the turn and runs
 * the call natively (no hook of Weft's sees it, as for a thread outside any run); its return is a
 * second step, enabled once the kernel has returned. When no other thread can run, the scheduler
 * waits for the kernel (see {@link OutsideCalls}) instead of calling it a deadlock.
 *
 * <p>When the call returns depends on the outside, so a replay of such a run may take other
 * decisions: the run's result says that it talked to the outside, and a diverged replay says why.
 *
 * <p>Use as {@code OutsideCall c = scheduler.leave(...); try { call } finally { c.back(); }}.
 */
public final class OutsideCall implements Wait {
  private final Scheduler scheduler;
  private final ControlledThread thread;
  private final String what;

  /** Whether the caller gave up the turn (some other thread could run when it left). */
  boolean gaveUpTurn;

  /** Set once the caller runs the call in the kernel, before it gives up the turn. */
  volatile boolean inKernel;

  /** Set by the caller's carrier when the call has returned. */
  volatile boolean returned;

  public OutsideCall(Scheduler scheduler, ControlledThread thread, String what) {
    this.scheduler = scheduler;
    this.thread = thread;
    this.what = what;
  }

  /** The caller runs the call in the kernel now: the run may have to wait for it. */
  public void enterKernel() {
    inKernel = true;
  }

  /** Whether the caller gave up the turn for the call ({@link OutsideCalls#gaveUpTurn}). */
  public boolean gaveUpTurn() {
    return gaveUpTurn;
  }

  /** Whether the call is under way in the kernel: the run may have to wait for it. */
  boolean awaited() {
    return inKernel && !returned;
  }

  @Override
  public Readiness readiness(ControlledThread t) {
    return returned ? Readiness.READY : Readiness.BLOCKED;
  }

  @Override
  public String describe(ControlledThread t, ObjectNamer names) {
    return "waits for " + what + " outside the run";
  }

  /**
   * The call has returned (normally or not): takes the turn back and records the return step.
   * Throws {@link WeftAbort} if the run ended meanwhile.
   */
  public void back() {
    if (gaveUpTurn) {
      Carrier.bindCurrent(thread);
    }
    returned = true;
    scheduler.outsideReturned(thread, this);
  }
}
