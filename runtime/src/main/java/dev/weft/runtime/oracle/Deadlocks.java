package dev.weft.runtime.oracle;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.Wait;
import dev.weft.trace.EventKind;
import dev.weft.trace.SiteTable;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Explains a run in which live threads remain but none is enabled: who waits for what, where, and
 * who holds it (each thread's {@link Wait} says). The signature is the set of blocking sites, so
 * the same deadlock reached by different interleavings is one finding.
 */
public final class Deadlocks {
  private Deadlocks() {}

  /**
   * Whether a run in which no thread can go on is simply over, as a JVM whose last non-daemon
   * thread ended: some threads are live but none keeps the run going (idle pool workers, daemons).
   */
  public static boolean onlyIdleOrDaemonsLeft(List<ControlledThread> threads) {
    boolean anyLive = false;
    for (ControlledThread c : threads) {
      if (c.keepsRunAlive()) {
        return false;
      }
      anyLive |= !c.isFinished();
    }
    return anyLive;
  }

  public static Failure describe(
      List<ControlledThread> threads, SiteTable sites, Wait.ObjectNamer names) {
    StringBuilder details = new StringBuilder();
    TreeSet<String> blockingSites = new TreeSet<>();
    String first = null;
    boolean firstOnLock = false;
    boolean lostWakeup = false;
    List<Failure.BlockedStep> blocked = new ArrayList<>();
    for (ControlledThread t : threads) {
      if (t.isFinished()) {
        continue;
      }
      lostWakeup |= t.pendingKind() == EventKind.WAKE;
      String where = sites.get(t.pendingSite()).toString();
      blockingSites.add(t.pendingKind() + "@" + where);
      String line = "  " + t + " " + t.currentWait().describe(t, names) + " at " + where;
      details.append(line).append('\n');
      blocked.add(new Failure.BlockedStep(t.stableName(), t.pendingKind(), t.pendingSite()));
      // the failing thread, whose step a report marks: one blocked on a lock or a wait, in the
      // cycle, rather than a thread that only waits for them in join()
      boolean onLock = t.pendingKind() != EventKind.THREAD_JOIN;
      if (first == null || (onLock && !firstOnLock)) {
        first = t.toString();
        firstOnLock = onLock;
      }
    }
    String message =
        (lostWakeup ? "deadlock (a thread waits for a notification that never comes)" : "deadlock")
            + ": no live thread can proceed\n"
            + details;
    return new Failure(
        FindingKind.DEADLOCK,
        first,
        message.strip(),
        details.toString(),
        "deadlock:" + blockingSites,
        List.copyOf(blocked));
  }
}
