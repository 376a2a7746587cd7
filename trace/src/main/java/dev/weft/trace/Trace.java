package dev.weft.trace;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;

/**
 * The total order of events of one run, in parallel primitive arrays: traces of 10^5 events are
 * normal, and an object per event would cost several times the memory and a pointer chase per read.
 * The global index of an event is its position.
 *
 * <p>The arrays are chunks of {@value #CHUNK} events (the first grows from 256 up to that): a run
 * of millions of events costs its 21 bytes per event and no more, where one array grown by doubling
 * would hold up to twice that, and three times while it is copied, which is what exhausts the heap
 * of a long run first. A chunk's {@code long[]} is 256 KB, under the size at which G1 gives an
 * array regions of its own (half a region, 512 KB at the smallest), so chunks do not fragment the
 * heap.
 */
public final class Trace {
  private static final int SHIFT = 15;
  static final int CHUNK = 1 << SHIFT;
  private static final int MASK = CHUNK - 1;

  private int size;
  private int[][] thread = {new int[256]};
  private int[][] indexInThread = {new int[256]};
  private byte[][] kind = {new byte[256]};
  private int[][] site = {new int[256]};
  private long[][] location = {new long[256]};
  private int[] perThreadCount = new int[8];
  private final IntArrayList causalEdges = new IntArrayList();

  /** The wait-returns events whose wait ended spuriously, in order: what a report marks so. */
  private final IntArrayList spuriousWakes = new IntArrayList();

  /** Appends an event and returns its global index. */
  public int append(int threadIndex, EventKind eventKind, int siteId, long locationKey) {
    int i = size;
    int c = i >>> SHIFT;
    int o = i & MASK;
    if (c == thread.length) {
      addChunk();
    } else if (o == thread[c].length) {
      growFirstChunk();
    }
    if (threadIndex >= perThreadCount.length) {
      perThreadCount =
          Arrays.copyOf(perThreadCount, Math.max(threadIndex + 1, perThreadCount.length * 2));
    }
    size++;
    thread[c][o] = threadIndex;
    indexInThread[c][o] = perThreadCount[threadIndex]++;
    kind[c][o] = (byte) eventKind.ordinal();
    site[c][o] = siteId;
    location[c][o] = locationKey;
    return i;
  }

  /**
   * Sizes the first chunk for about {@code events} events (up to a whole chunk) while the trace is
   * empty: runs of one program have similar lengths, and doubling from 256 copied the first chunk
   * seven times in every run of ten thousand events.
   */
  public void reserve(int events) {
    if (size == 0 && events > thread[0].length) {
      resizeFirstChunk(Math.min(CHUNK, Integer.highestOneBit(events - 1) << 1));
    }
  }

  /** Doubles the first chunk, the only one that starts small (most runs are short). */
  private void growFirstChunk() {
    resizeFirstChunk(Math.min(CHUNK, thread[0].length * 2));
  }

  private void resizeFirstChunk(int n) {
    thread[0] = Arrays.copyOf(thread[0], n);
    indexInThread[0] = Arrays.copyOf(indexInThread[0], n);
    kind[0] = Arrays.copyOf(kind[0], n);
    site[0] = Arrays.copyOf(site[0], n);
    location[0] = Arrays.copyOf(location[0], n);
  }

  private void addChunk() {
    int c = thread.length;
    thread = Arrays.copyOf(thread, c + 1);
    indexInThread = Arrays.copyOf(indexInThread, c + 1);
    kind = Arrays.copyOf(kind, c + 1);
    site = Arrays.copyOf(site, c + 1);
    location = Arrays.copyOf(location, c + 1);
    thread[c] = new int[CHUNK];
    indexInThread[c] = new int[CHUNK];
    kind[c] = new byte[CHUNK];
    site[c] = new int[CHUNK];
    location[c] = new long[CHUNK];
  }

  /**
   * Corrects the kind of the event just executed, when what it did is known only afterwards: a
   * compare-and-set that failed only read its location.
   */
  public void setKind(int event, EventKind eventKind) {
    kind[event >>> SHIFT][event & MASK] = (byte) eventKind.ordinal();
  }

  public int size() {
    return size;
  }

  /** Events the arrays have room for now. */
  int capacity() {
    return thread.length == 1 ? thread[0].length : thread.length * CHUNK;
  }

  public int thread(int event) {
    return thread[event >>> SHIFT][event & MASK];
  }

  public int indexInThread(int event) {
    return indexInThread[event >>> SHIFT][event & MASK];
  }

  public EventKind kind(int event) {
    return EventKind.of(kind[event >>> SHIFT][event & MASK]);
  }

  public int site(int event) {
    return site[event >>> SHIFT][event & MASK];
  }

  /**
   * Run-local location key: equal for two events exactly when they touch the same field, array
   * element, static field or lock in this run. Use {@link Locations} for a name stable across runs.
   */
  public long location(int event) {
    return location[event >>> SHIFT][event & MASK];
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

  /** Marks {@code event} (the last so far) as a wait that returned spuriously. */
  public void markSpuriousWake(int event) {
    spuriousWakes.add(event);
  }

  /** Whether {@code event} is a wait that returned spuriously, by the JVM's leave. */
  public boolean isSpuriousWake(int event) {
    int n = spuriousWakes.size();
    for (int i = n - 1; i >= 0; i--) { // few, and asked about in order of events
      int e = spuriousWakes.getInt(i);
      if (e == event) {
        return true;
      }
      if (e < event) {
        return false;
      }
    }
    return false;
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
