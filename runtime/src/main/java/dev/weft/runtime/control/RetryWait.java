package dev.weft.runtime.control;

/**
 * The wait of a blocking operation modelled by retrying its non-blocking form ({@link
 * Scheduler#block}): after a failed attempt the thread is ready again only once modelled
 * synchronisation state has changed, when it is interrupted (if the operation is interruptible), or
 * to time out.
 */
final class RetryWait implements Wait {
  private final Scheduler scheduler;
  final boolean interruptible;

  /** Whether the operation may return without cause, as {@code park} and {@code await} may. */
  private final boolean spurious;

  /** The last attempt failed; until the version moves, a retry would fail the same way. */
  boolean awaitingChange;

  int blockedAtVersion;

  RetryWait(Scheduler scheduler, boolean interruptible, boolean spurious) {
    this.scheduler = scheduler;
    this.interruptible = interruptible;
    this.spurious = spurious;
  }

  @Override
  public boolean mayWakeSpuriously(ControlledThread t) {
    return spurious && awaitingChange;
  }

  @Override
  public Readiness readiness(ControlledThread t) {
    if (!awaitingChange
        || blockedAtVersion != scheduler.syncVersion()
        || (interruptible && t.isInterrupted())) {
      return Readiness.READY;
    }
    return t.timedReadiness();
  }

  @Override
  public String describe(ControlledThread t, ObjectNamer names) {
    String op = scheduler.sites().get(t.pendingSite()).operation();
    Object on = t.pendingObject();
    return "waits in "
        + op
        + (on == null ? "" : " on " + names.describe(on, t.pendingSite()))
        + ", which nothing will let succeed";
  }
}
