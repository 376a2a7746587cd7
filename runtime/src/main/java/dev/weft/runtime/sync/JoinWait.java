package dev.weft.runtime.sync;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.Readiness;
import dev.weft.runtime.control.Wait;

/** {@code Thread.join}: ready once the joined thread has finished, or when interrupted. */
public final class JoinWait implements Wait {
  private final ControlledThread target;

  public JoinWait(ControlledThread target) {
    this.target = target;
  }

  @Override
  public Readiness readiness(ControlledThread t) {
    if (target == null || target.isFinished() || t.isInterrupted()) {
      return Readiness.READY;
    }
    return t.timedReadiness();
  }

  @Override
  public String describe(ControlledThread t, ObjectNamer names) {
    return "waits in join() for " + target;
  }
}
