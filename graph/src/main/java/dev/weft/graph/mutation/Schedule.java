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
 */
public final class Schedule {
  /** Position of an event the schedule does not name. */
  public static final int UNSCHEDULED = Integer.MAX_VALUE;

  private final List<String> threadNames;
  private final Map<String, Integer> threadIndex = new HashMap<>();
  private final int[][] positions;
  private final int length;
  private final ObservedPrefix prefix;

  public Schedule(List<String> threadNames, int[][] positions) {
    this(threadNames, positions, ObservedPrefix.NONE);
  }

  /**
   * @param positions per thread, the planned position of each of its events after the prefix,
   *     counted from the end of the prefix
   */
  public Schedule(List<String> threadNames, int[][] positions, ObservedPrefix prefix) {
    this.threadNames = List.copyOf(threadNames);
    this.positions = positions;
    this.prefix = prefix;
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
    return new Schedule(g.threadNames(), positions, g.prefix());
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
