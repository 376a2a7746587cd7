package dev.weft.graph;

/**
 * The events of a run before the window its graph covers, in the order the run executed them. A
 * schedule planned on a window is only meaningful from the state the run was in when the window
 * began, so it replays this prefix as observed before its planned part. One prefix is shared by
 * every schedule planned from the same graph: four bytes per event, once.
 */
public final class ObservedPrefix {
  /** The prefix of a graph that covers its run from the start. */
  public static final ObservedPrefix NONE = new ObservedPrefix(new int[0][]);

  private final int[][] globalIndex;
  private final int length;

  /**
   * @param globalIndex per thread (run-local index), the global index of each of its events
   */
  ObservedPrefix(int[][] globalIndex) {
    this.globalIndex = globalIndex;
    int total = 0;
    for (int[] events : globalIndex) {
      total += events.length;
    }
    this.length = total;
  }

  /** Events in the prefix. */
  public int length() {
    return length;
  }

  /** Events of thread {@code t} in the prefix. */
  public int count(int t) {
    return t < globalIndex.length ? globalIndex[t].length : 0;
  }

  /** The global index, in the observed run, of event {@code i} of thread {@code t}. */
  public int position(int t, int i) {
    return globalIndex[t][i];
  }
}
