package dev.weft.graph.mutation;

import dev.weft.graph.InterleavingGraph;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A total order of events to enforce, written as positions of (thread, index in thread) pairs.
 * Threads are named by their stable names, which do not depend on run-local numbering, so a
 * schedule computed from one run can be followed in the next even if thread creation is reordered.
 */
public final class Schedule {
  /** Position of an event the schedule does not name. */
  public static final int UNSCHEDULED = Integer.MAX_VALUE;

  private final List<String> threadNames;
  private final Map<String, Integer> threadIndex = new HashMap<>();
  private final int[][] positions;
  private final int length;

  public Schedule(List<String> threadNames, int[][] positions) {
    this.threadNames = List.copyOf(threadNames);
    this.positions = positions;
    int total = 0;
    for (int t = 0; t < positions.length; t++) {
      threadIndex.put(threadNames.get(t), t);
      total += positions[t].length;
    }
    this.length = total;
  }

  /** The schedule that orders the graph's events as {@code order} lists them. */
  public static Schedule of(InterleavingGraph g, int[] order) {
    int[][] positions = new int[g.threadCount()][];
    for (int t = 0; t < positions.length; t++) {
      positions[t] = new int[g.eventsInThread(t)];
    }
    for (int p = 0; p < order.length; p++) {
      int v = order[p];
      positions[g.thread(v)][g.indexInThread(v)] = p;
    }
    return new Schedule(g.threadNames(), positions);
  }

  /** The schedule's own index for a stable thread name, or -1 if it names no such thread. */
  public int threadIndex(String stableName) {
    Integer t = threadIndex.get(stableName);
    return t == null ? -1 : t;
  }

  /** Position of event {@code i} of schedule thread {@code t}, or {@link #UNSCHEDULED}. */
  public int position(int t, int i) {
    if (t < 0 || i >= positions[t].length) {
      return UNSCHEDULED;
    }
    return positions[t][i];
  }

  public int length() {
    return length;
  }

  public List<String> threadNames() {
    return threadNames;
  }

  /** Events in schedule order, as {@code thread name #index} strings; for tests and reports. */
  public String[] describeOrder() {
    String[] out = new String[length];
    for (int t = 0; t < positions.length; t++) {
      for (int i = 0; i < positions[t].length; i++) {
        out[positions[t][i]] = threadNames.get(t) + "#" + i;
      }
    }
    return out;
  }
}
