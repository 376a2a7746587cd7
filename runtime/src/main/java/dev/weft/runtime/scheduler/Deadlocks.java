package dev.weft.runtime.scheduler;

import dev.weft.runtime.trace.EventKind;
import dev.weft.runtime.trace.ObjectNames;
import dev.weft.runtime.trace.SiteTable;
import java.util.List;
import java.util.TreeSet;

/**
 * Explains a run in which live threads remain but none is enabled: who waits for what, where, and
 * who holds it. The signature is the set of blocking sites, so the same deadlock reached by
 * different interleavings is one finding.
 */
final class Deadlocks {
  private Deadlocks() {}

  static Failure describe(
      List<ControlledThread> threads, MonitorModel monitors, SiteTable sites, ObjectNames names) {
    StringBuilder details = new StringBuilder();
    TreeSet<String> blockingSites = new TreeSet<>();
    String first = null;
    for (ControlledThread t : threads) {
      if (t.finished) {
        continue;
      }
      String where = sites.get(t.pendingSite).toString();
      blockingSites.add(t.pendingKind + "@" + where);
      String line = "  " + t + " " + waitsFor(t, monitors, sites, names) + " at " + where;
      details.append(line).append('\n');
      if (first == null) {
        first = t.toString();
      }
    }
    boolean lostWakeup =
        threads.stream().anyMatch(t -> !t.finished && t.pendingKind == EventKind.WAKE);
    String message =
        (lostWakeup ? "deadlock (a thread waits for a notification that never comes)" : "deadlock")
            + ": no live thread can proceed\n"
            + details;
    return new Failure(
        FindingKind.DEADLOCK,
        first,
        message.strip(),
        details.toString(),
        "deadlock:" + blockingSites);
  }

  private static String waitsFor(
      ControlledThread t, MonitorModel monitors, SiteTable sites, ObjectNames names) {
    if (t.awaitingChange) {
      String op = sites.get(t.pendingSite).operation();
      String on =
          t.pendingObject == null
              ? ""
              : " on " + describe(t.pendingObject, t.pendingSite, sites, names);
      return "waits in " + op + on + ", which nothing will let succeed";
    }
    switch (t.pendingKind) {
      case MONITOR_ENTER:
        {
          MonitorModel.Monitor m = monitors.peek(t.pendingObject);
          String owner = m == null || m.owner == null ? "nobody" : m.owner.toString();
          return "waits to lock "
              + describe(t.pendingObject, t.pendingSite, sites, names)
              + " held by "
              + owner;
        }
      case WAKE:
        {
          MonitorModel.Monitor m = monitors.peek(t.pendingObject);
          boolean notified = t.notified;
          if (notified && m != null && m.owner != null) {
            return "was notified but waits to re-lock "
                + describe(t.pendingObject, t.pendingSite, sites, names)
                + " held by "
                + m.owner;
          }
          return "waits in wait() on "
              + describe(t.pendingObject, t.pendingSite, sites, names)
              + " and nobody will notify it";
        }
      case THREAD_JOIN:
        return "waits in join() for " + t.pendingObject;
      default:
        return "is blocked in " + t.pendingKind;
    }
  }

  /** Names a lock by its allocation site, which (unlike an identity hash) is equal in a replay. */
  private static String describe(Object o, int site, SiteTable sites, ObjectNames names) {
    return o.getClass().getSimpleName() + " " + names.describe(names.numberOf(o, site), sites);
  }
}
