package dev.weft.runtime.net;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.Readiness;
import dev.weft.runtime.control.Wait;
import java.util.function.BooleanSupplier;

/**
 * A socket call that may have to wait: an accept for a connection, a read for bytes or the end, a
 * write for room, a select for a ready key. Its readiness is asked again at every decision, from
 * the run's counts and the sockets' own open and shut states, so a close made anywhere (also by JDK
 * code the run called) lets a waiting reader go on.
 */
final class SocketWait implements Wait {
  private final BooleanSupplier ready;
  private final String doing;
  private final Object on;
  private final String until;

  /** Reads in a report as "{@code doing} <the object's name> {@code until}". */
  SocketWait(BooleanSupplier ready, String doing, Object on, String until) {
    this.ready = ready;
    this.doing = doing;
    this.on = on;
    this.until = until;
  }

  @Override
  public Readiness readiness(ControlledThread t) {
    return ready.getAsBoolean() ? Readiness.READY : t.timedReadiness();
  }

  @Override
  public String describe(ControlledThread t, ObjectNamer names) {
    return doing + " " + names.describe(on, t.pendingSite()) + " " + until;
  }
}
