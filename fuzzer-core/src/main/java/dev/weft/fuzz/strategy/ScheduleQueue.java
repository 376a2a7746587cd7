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
 * The schedules waiting to run, first planned first run, bounded in number and in the heap they
 * keep alive: four bytes per planned event of each, plus, once per graph they were planned on, that
 * graph's footprint (it is kept so that missed targets can be planned again, and it holds the
 * prefix its schedules replay). Long runs must not let the queue eat the heap; mutation waits while
 * it is full.
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
  private final ArrayDeque<Entry> entries = new ArrayDeque<>();
  private final Map<InterleavingGraph, Integer> schedulesPerGraph = new IdentityHashMap<>();
  private long bytes;
  private int targets;

  ScheduleQueue(int maxSchedules, long maxBytes) {
    this.maxSchedules = maxSchedules;
    this.maxBytes = maxBytes;
  }

  void add(PlannedSchedule p, long sourceRun, String sourceEntry) {
    entries.add(new Entry(p, sourceRun, sourceEntry));
    count(p);
  }

  /** Queues {@code p} before every other schedule: it runs next. */
  void addFirst(PlannedSchedule p, long sourceRun, String sourceEntry) {
    entries.addFirst(new Entry(p, sourceRun, sourceEntry));
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
    Entry e = entries.poll();
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

  /** Drops every queued schedule and returns their targets. */
  List<PlanTarget> clear() {
    List<PlanTarget> dropped = new ArrayList<>();
    for (Entry e : entries) {
      dropped.addAll(e.plan().targets());
    }
    entries.clear();
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
    if (entries.isEmpty()) {
      return true;
    }
    long more = schedulesPerGraph.containsKey(graph) ? 0 : graph.footprintBytes();
    return entries.size() < maxSchedules && bytes + more <= maxBytes;
  }

  int size() {
    return entries.size();
  }

  /** Imaginary segments the queued schedules target. */
  int targets() {
    return targets;
  }
}
