package dev.weft.graph;

import dev.weft.trace.Trace;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * The events of a run before the window its graph covers, in the order the run executed them. A
 * schedule planned on a window is only meaningful from the state the run was in when the window
 * began, so it replays this prefix as observed before its planned part. One prefix is shared by
 * every schedule planned from the same graph.
 *
 * <p>Kept as slices (maximal stretches of one thread's consecutive events): per thread, where each
 * of its slices starts in the thread and in the run. A run that switched rarely (non-preemptive,
 * PCT, most schedules followed) costs a few kilobytes however long its prefix; a random walk's, at
 * worst about four bytes per event.
 */
public final class ObservedPrefix {
  /** The prefix of a graph that covers its run from the start. */
  public static final ObservedPrefix NONE =
      new ObservedPrefix(new int[0], new int[0][], new int[0][]);

  private final int[] count;
  private final int[][] sliceIndex;
  private final int[][] sliceGlobal;
  private final int length;

  /**
   * @param count per thread, its events in the prefix
   * @param sliceIndex per thread, the index in thread of the first event of each of its slices
   * @param sliceGlobal per thread, the global index of the same events
   */
  private ObservedPrefix(int[] count, int[][] sliceIndex, int[][] sliceGlobal) {
    this.count = count;
    this.sliceIndex = sliceIndex;
    this.sliceGlobal = sliceGlobal;
    int total = 0;
    for (int c : count) {
      total += c;
    }
    this.length = total;
  }

  /** The events of {@code trace} before {@code from}, of threads numbered below {@code threads}. */
  static ObservedPrefix of(Trace trace, int from, int threads) {
    if (from == 0) {
      return NONE;
    }
    int[] count = new int[threads];
    IntArrayList[] index = new IntArrayList[threads];
    IntArrayList[] global = new IntArrayList[threads];
    for (int t = 0; t < threads; t++) {
      index[t] = new IntArrayList();
      global[t] = new IntArrayList();
    }
    int previous = -1;
    for (int v = 0; v < from; v++) {
      int t = trace.thread(v);
      if (t != previous) {
        index[t].add(count[t]);
        global[t].add(v);
        previous = t;
      }
      count[t]++;
    }
    int[][] sliceIndex = new int[threads][];
    int[][] sliceGlobal = new int[threads][];
    for (int t = 0; t < threads; t++) {
      sliceIndex[t] = index[t].toIntArray();
      sliceGlobal[t] = global[t].toIntArray();
    }
    return new ObservedPrefix(count, sliceIndex, sliceGlobal);
  }

  /** Events in the prefix. */
  public int length() {
    return length;
  }

  /** Events of thread {@code t} in the prefix. */
  public int count(int t) {
    return t < count.length ? count[t] : 0;
  }

  /** The global index, in the observed run, of event {@code i < count(t)} of thread {@code t}. */
  public int position(int t, int i) {
    int[] starts = sliceIndex[t];
    int lo = 0;
    int hi = starts.length - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (starts[mid] <= i) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return sliceGlobal[t][lo] + (i - starts[lo]);
  }

  /** About how many bytes it keeps: eight per slice. */
  long footprintBytes() {
    long slices = 0;
    for (int[] s : sliceIndex) {
      slices += s.length;
    }
    return 8 * slices + 4L * count.length;
  }
}
