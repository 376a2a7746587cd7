package dev.weft.fuzz.strategy;

import dev.weft.graph.InterleavingGraph;
import dev.weft.graph.mutation.PlanTarget;
import dev.weft.graph.mutation.PlannedSchedule;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The schedules waiting to run, bounded in number and in the heap they keep alive: four bytes per
 * planned event of each, plus, once per graph they were planned on, that graph's footprint (it
 * holds the prefix its schedules replay). Long runs must not let the queue eat the heap; mutation
 * waits while it is full.
 *
 * <p>Order: a round is the schedules planned from one run with new keys (none, when all it imagined
 * was covered or targeted: the round before is then no longer the newest). Runs alternate between
 * the newest round and the oldest schedules of all earlier rounds, so that a run which realised
 * something new is followed up at once (depth: a bug that needs a planned run's own mutation) while
 * the first rounds still get half the runs (breadth: a bug one flip away from the first run).
 * Deadlock plans go before both. Measured with {@code scripts/bench-strategies} against first
 * planned first run (20 seeds): the bounded buffer's lost wake-up 20 → 9 executions, the
 * work-stealing family 12-14 → 5-7 at 3-50 tasks; against newest first: two-phase publication at 20
 * writers 34 → 6.
 */
final class ScheduleQueue {
  /**
   * A queued schedule and the run whose graph it was planned on; {@code sourceEntry} names the
   * corpus entry that run replayed when the run itself is no entry (a seed that added no key), else
   * it is null.
   */
  record Entry(PlannedSchedule plan, long sourceRun, String sourceEntry) {}

  private final int maxSchedules;
  private final long maxBytes;
  private final ArrayDeque<Entry> urgent = new ArrayDeque<>();
  private final ArrayDeque<Entry> newest = new ArrayDeque<>();
  private final ArrayDeque<Entry> older = new ArrayDeque<>();
  private boolean newestNext;
  private final Map<InterleavingGraph, Integer> schedulesPerGraph = new IdentityHashMap<>();
  private long bytes;
  private int targets;

  ScheduleQueue(int maxSchedules, long maxBytes) {
    this.maxSchedules = maxSchedules;
    this.maxBytes = maxBytes;
  }

  /** Queues the schedules planned from one run as the newest round; the previous one is older. */
  void addRound(List<PlannedSchedule> round, long sourceRun, String sourceEntry) {
    older.addAll(newest);
    newest.clear();
    for (PlannedSchedule p : round) {
      newest.add(new Entry(p, sourceRun, sourceEntry));
      count(p);
    }
  }

  /** Queues {@code p} before every other schedule: it runs next. */
  void addFirst(PlannedSchedule p, long sourceRun, String sourceEntry) {
    urgent.addFirst(new Entry(p, sourceRun, sourceEntry));
    count(p);
  }

  private void count(PlannedSchedule p) {
    targets += p.targets().size();
    bytes += 4L * p.schedule().length();
    if (schedulesPerGraph.merge(p.source(), 1, Integer::sum) == 1) {
      bytes += p.source().footprintBytes();
    }
  }

  /** The next schedule to run, or null. */
  Entry poll() {
    Entry e = urgent.poll();
    if (e == null) {
      newestNext = !newestNext;
      e = (newestNext && !newest.isEmpty()) || older.isEmpty() ? newest.poll() : older.poll();
    }
    if (e != null) {
      PlannedSchedule p = e.plan();
      targets -= p.targets().size();
      bytes -= 4L * p.schedule().length();
      if (schedulesPerGraph.merge(p.source(), -1, Integer::sum) == 0) {
        schedulesPerGraph.remove(p.source());
        bytes -= p.source().footprintBytes();
      }
    }
    return e;
  }

  /** The schedule {@link #poll} would return now, left queued; null if none. */
  Entry peek() {
    Entry e = urgent.peek();
    if (e == null) {
      boolean newestTurn = !newestNext;
      e = (newestTurn && !newest.isEmpty()) || older.isEmpty() ? newest.peek() : older.peek();
    }
    return e;
  }

  /** Drops every queued schedule and returns their targets. */
  List<PlanTarget> clear() {
    List<PlanTarget> dropped = new ArrayList<>();
    for (ArrayDeque<Entry> entries : List.of(urgent, newest, older)) {
      for (Entry e : entries) {
        dropped.addAll(e.plan().targets());
      }
      entries.clear();
    }
    schedulesPerGraph.clear();
    bytes = 0;
    targets = 0;
    return dropped;
  }

  /**
   * Whether schedules planned on {@code graph} may be queued now: fewer than the most schedules,
   * and room for the graph's footprint (always, when the queue is empty, so that a run whose graph
   * alone is over the limit is still planned on). Otherwise mutation waits.
   */
  boolean hasRoomFor(InterleavingGraph graph) {
    if (size() == 0) {
      return true;
    }
    long more = schedulesPerGraph.containsKey(graph) ? 0 : graph.footprintBytes();
    return size() < maxSchedules && bytes + more <= maxBytes;
  }

  int size() {
    return urgent.size() + newest.size() + older.size();
  }

  /** Imaginary segments the queued schedules target. */
  int targets() {
    return targets;
  }
}
