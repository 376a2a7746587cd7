package dev.weft.runtime.trace;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;

/**
 * The total order of events of one run, in parallel primitive arrays: traces of 10^5 events are
 * normal, and an object per event would cost several times the memory and a pointer chase per read.
 * The global index of an event is its position.
 */
public final class Trace {
  private int size;
  private int[] thread = new int[256];
  private int[] indexInThread = new int[256];
  private byte[] kind = new byte[256];
  private int[] site = new int[256];
  private long[] location = new long[256];
  private int[] perThreadCount = new int[8];
  private final IntArrayList causalEdges = new IntArrayList();

  /** Appends an event and returns its global index. */
  public int append(int threadIndex, EventKind eventKind, int siteId, long locationKey) {
    if (size == thread.length) {
      grow();
    }
    if (threadIndex >= perThreadCount.length) {
      perThreadCount =
          Arrays.copyOf(perThreadCount, Math.max(threadIndex + 1, perThreadCount.length * 2));
    }
    int i = size++;
    thread[i] = threadIndex;
    indexInThread[i] = perThreadCount[threadIndex]++;
    kind[i] = (byte) eventKind.ordinal();
    site[i] = siteId;
    location[i] = locationKey;
    return i;
  }

  private void grow() {
    int n = thread.length * 2;
    thread = Arrays.copyOf(thread, n);
    indexInThread = Arrays.copyOf(indexInThread, n);
    kind = Arrays.copyOf(kind, n);
    site = Arrays.copyOf(site, n);
    location = Arrays.copyOf(location, n);
  }

  /**
   * Corrects the kind of the event just executed, when what it did is known only afterwards: a
   * compare-and-set that failed only read its location.
   */
  public void setKind(int event, EventKind eventKind) {
    kind[event] = (byte) eventKind.ordinal();
  }

  public int size() {
    return size;
  }

  public int thread(int event) {
    return thread[event];
  }

  public int indexInThread(int event) {
    return indexInThread[event];
  }

  public EventKind kind(int event) {
    return EventKind.of(kind[event]);
  }

  public int site(int event) {
    return site[event];
  }

  /**
   * Run-local location key: equal for two events exactly when they touch the same field, array
   * element, static field or lock in this run. Use {@link Locations} for a name stable across runs.
   */
  public long location(int event) {
    return location[event];
  }

  /**
   * Records that event {@code before} causes event {@code after} whatever the interleaving: a
   * thread start before the child's first event, a thread's last event before a join that returned
   * because it finished. The interleaving graph keeps these as edges that mutation never flips.
   */
  public void addCausalEdge(int before, int after) {
    causalEdges.add(before);
    causalEdges.add(after);
  }

  public int causalEdgeCount() {
    return causalEdges.size() / 2;
  }

  public int causalEdgeSource(int edge) {
    return causalEdges.getInt(2 * edge);
  }

  public int causalEdgeTarget(int edge) {
    return causalEdges.getInt(2 * edge + 1);
  }

  /** Events of the given thread so far: the index within its thread of its next event. */
  public int eventsOf(int threadIndex) {
    return threadIndex < perThreadCount.length ? perThreadCount[threadIndex] : 0;
  }

  /** Number of threads that have at least one event. */
  public int threadCount() {
    int n = 0;
    for (int c : perThreadCount) {
      if (c > 0) {
        n++;
      }
    }
    return n;
  }
}
