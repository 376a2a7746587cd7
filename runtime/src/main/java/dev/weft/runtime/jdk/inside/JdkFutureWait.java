package dev.weft.runtime.jdk.inside;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.Readiness;
import dev.weft.runtime.control.Scheduler;
import dev.weft.runtime.control.Wait;
import dev.weft.runtime.races.RaceCalls;
import dev.weft.trace.EventKind;
import dev.weft.trace.Locations;
import java.util.concurrent.CompletableFuture;

/**
 * A JDK module's wait for a future it made ({@code HttpClient.send} waiting for its response) on a
 * controlled thread. The future is completed inside the JDK, where no event of the run says so, so
 * whether it is done is asked again at every decision rather than at a completing event; and, as
 * for the program's own futures, the race oracle orders the read after everything every thread did
 * before it, since the completion's release is out of its sight.
 */
final class JdkFutureWait implements Wait {
  private final CompletableFuture<?> future;

  private JdkFutureWait(CompletableFuture<?> future) {
    this.future = future;
  }

  /** Waits under control until {@code future} is done; the caller then takes its result. */
  static void await(ControlledThread t, CompletableFuture<?> future, int site) {
    Scheduler s = t.scheduler();
    long location = s.objectLocation(future, Locations.CONTENTS_MEMBER, site);
    RaceCalls.futureRead(t, Locations.objectNumber(location));
    s.point(t, EventKind.READ, location, site, future, 0, new JdkFutureWait(future));
  }

  @Override
  public Readiness readiness(ControlledThread t) {
    return future.isDone() ? Readiness.READY : t.timedReadiness();
  }

  @Override
  public String describe(ControlledThread t, ObjectNamer names) {
    return "waits for " + names.describe(future, t.pendingSite()) + " to be completed";
  }
}
