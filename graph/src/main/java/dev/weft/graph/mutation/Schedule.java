package dev.weft.graph.mutation;

import dev.weft.graph.InterleavingGraph;
import dev.weft.graph.ObservedPrefix;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A total order of events to enforce, written as positions of (thread, index in thread) pairs.
 * Threads are named by their stable names, which do not depend on run-local numbering, so a
 * schedule computed from one run can be followed in the next even if thread creation is reordered.
 *
 * <p>A schedule planned on a window of a long run names the run's events before the window first,
 * in their observed order (the window's {@link ObservedPrefix}, shared, not copied), then the
 * window's events in the planned order; what follows the window is not named, so it runs freely
 * once the planned part is done.
 *
 * <p>A schedule made from a graph ({@link #of}) knows its events' sites, so that a follower can
 * match a run's events to the planned ones by site where the run took another path; it keeps the
 * graph for that, which the queue of schedules keeps alive anyway.
 */
public final class Schedule {
  /** Position of an event the schedule does not name. */
  public static final int UNSCHEDULED = Integer.MAX_VALUE;

  /** The site key of an event whose site the schedule does not know (any site matches it). */
  public static final long ANY_SITE = Long.MIN_VALUE;

  private final List<String> threadNames;
  private final Map<String, Integer> threadIndex = new HashMap<>();
  private final int[][] positions;
  private final int length;
  private final ObservedPrefix prefix;
  private final Sites sites;

  /** The stable site key of a schedule thread's event, counted from the end of the prefix. */
  @FunctionalInterface
  public interface Sites {
    long siteKey(int thread, int index);
  }

  public Schedule(List<String> threadNames, int[][] positions) {
    this(threadNames, positions, ObservedPrefix.NONE);
  }

  public Schedule(List<String> threadNames, int[][] positions, ObservedPrefix prefix) {
    this(threadNames, positions, prefix, null);
  }

  /**
   * @param positions per thread, the planned position of each of its events after the prefix,
   *     counted from the end of the prefix
   * @param sites the sites of the events after the prefix, or null if unknown
   */
  public Schedule(List<String> threadNames, int[][] positions, ObservedPrefix prefix, Sites sites) {
    this.threadNames = List.copyOf(threadNames);
    this.positions = positions;
    this.prefix = prefix;
    this.sites = sites;
    int total = 0;
    for (int t = 0; t < positions.length; t++) {
      threadIndex.put(threadNames.get(t), t);
      total += positions[t].length;
    }
    this.length = total;
  }

  /**
   * The schedule that orders the graph's events as {@code order} lists them, after the events
   * before the graph's window as observed.
   */
  public static Schedule of(InterleavingGraph g, int[] order) {
    int[][] positions = new int[g.threadCount()][];
    for (int t = 0; t < positions.length; t++) {
      positions[t] = new int[g.eventsInThread(t)];
    }
    for (int p = 0; p < order.length; p++) {
      int v = order[p];
      positions[g.thread(v)][g.indexInThread(v)] = p;
    }
    return new Schedule(g.threadNames(), positions, g.prefix(), (t, i) -> g.siteKey(g.event(t, i)));
  }

  /** The schedule's own index for a stable thread name, or -1 if it names no such thread. */
  public int threadIndex(String stableName) {
    Integer t = threadIndex.get(stableName);
    return t == null ? -1 : t;
  }

  /** Position of event {@code i} of schedule thread {@code t}, or {@link #UNSCHEDULED}. */
  public int position(int t, int i) {
    if (t < 0) {
      return UNSCHEDULED;
    }
    int before = prefix.count(t);
    if (i < before) {
      return prefix.position(t, i);
    }
    i -= before;
    if (i >= positions[t].length) {
      return UNSCHEDULED;
    }
    return prefix.length() + positions[t][i];
  }

  /** How many events of schedule thread {@code t} the schedule names, the prefix's included. */
  public int eventCount(int t) {
    return prefix.count(t) + positions[t].length;
  }

  /**
   * The stable site key of event {@code i} of schedule thread {@code t}, or {@link #ANY_SITE} when
   * the schedule does not know it (an event of the prefix, or a schedule built without sites).
   */
  public long siteKey(int t, int i) {
    int before = prefix.count(t);
    if (sites == null || i < before || i - before >= positions[t].length) {
      return ANY_SITE;
    }
    return sites.siteKey(t, i - before);
  }

  /** Events the schedule plans (its window's), the prefix it replays first not counted. */
  public int length() {
    return length;
  }

  /** The observed events it replays before the planned ones. */
  public ObservedPrefix prefix() {
    return prefix;
  }

  public List<String> threadNames() {
    return threadNames;
  }

  /**
   * Events in schedule order, the prefix's first, as {@code thread name #index in thread} strings;
   * for tests and reports.
   */
  public String[] describeOrder() {
    String[] out = new String[prefix.length() + length];
    for (int t = 0; t < positions.length; t++) {
      int before = prefix.count(t);
      for (int i = 0; i < before + positions[t].length; i++) {
        out[position(t, i)] = threadNames.get(t) + "#" + i;
      }
    }
    return out;
  }
}
