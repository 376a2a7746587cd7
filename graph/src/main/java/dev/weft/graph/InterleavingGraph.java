package dev.weft.graph;

import dev.weft.trace.EventKind;
import java.util.Arrays;
import java.util.List;

/**
 * The interleaving graph of one run. Every event of the trace is a vertex, identified by its global
 * index; the trace order is one topological order of the graph.
 *
 * <ul>
 *   <li><b>Immutable edges</b> are program order (implicit: consecutive events of a thread) and the
 *       causal edges of the trace (thread start before the child's first event, a thread's last
 *       event before the join that saw it finish). Mutation never flips them.
 *   <li><b>Mutable edges</b> connect conflicting events: different threads, same location, at least
 *       one write (lock operations write the lock). They are directed as the run ordered them and
 *       kept sparse: each event gets an edge from the latest preceding and to the earliest
 *       following conflicting event of every other thread. Both directions are needed: with only
 *       the first, "T1 reads x twice, then T2 writes x" yields one edge and no segment that could
 *       move the write between the reads.
 *   <li><b>Critical sections</b> (a monitor held from its enter, or wake-up, to its exit, or wait)
 *       are kept so that mutation can move whole sections: an order forced between two events
 *       inside sections of the same lock forces the order of the sections.
 * </ul>
 *
 * <p>Arrays rather than objects, because traces of 10^5 events are normal. A graph may cover only a
 * window of a long run (see {@link GraphBuilder}): its vertices are then the window's events,
 * numbered from the window's first, and the events before it are kept as the {@link ObservedPrefix}
 * that schedules planned on it replay first.
 */
public final class InterleavingGraph {
  /** Edges at a vertex up to which {@link #lowerBound} scans rather than halves. */
  private static final int SHORT_LIST = 16;

  /**
   * Vertices times threads up to which a graph keeps {@link #groupStarts} (an int each: a megabyte
   * at most); larger graphs search for the groups.
   */
  static final int MAX_GROUP_ENTRIES = 1 << 18;

  /** {@link EventKind#isData} by ordinal, for the pass that counts each thread's accesses. */
  private static final boolean[] DATA = dataKinds();

  private final int[] thread;
  private final int[] indexInThread;
  private final int[] accessIndex;
  private final long[] siteKey;
  private final byte[] kind;
  private final List<String> threadNames;
  private final int[][] eventsOfThread;
  private final int[] edgeSource;
  private final int[] edgeTarget;
  private final int[] incidentStart;
  private final int[] incidentEdges;

  /**
   * The order key (thread, then global index) of the other endpoint of each entry of {@link
   * #incidentEdges}: the searches through a vertex's edges read one array instead of three (finding
   * the other ends of the edges they probed, and then their threads, was the largest single item of
   * segment enumeration).
   */
  private final long[] incidentOther;

  /**
   * Where each thread's group begins among each vertex's edges: entry {@code v * (threadCount() +
   * 1) + t} is the first position among {@code v}'s edges whose other end's thread is {@code t} or
   * later ({@code t} up to {@code threadCount()}, where it is {@code v}'s edge count). The segment
   * enumeration asks at every event of a window where one thread's edges lie, and walks the groups
   * at both ends of every starting edge; on a ten-thread program the binary searches and gallops
   * that answered were a quarter of it. The incidence lists are filled thread by thread, so each
   * thread's entries are the fill counts as that thread begins. A vertex's entries side by side (a
   * group's start and end are read together) made the enumeration 2-6% faster than a column per
   * thread copied whole, for a microsecond more of building on a ten-thread program. Null past
   * {@link #MAX_GROUP_ENTRIES}.
   */
  private final int[] groupStarts;

  private final int[] fixedSource;
  private final int[] fixedTarget;
  private final CriticalSections sections;
  private final int firstEvent;
  private final ObservedPrefix prefix;

  InterleavingGraph(
      int[] thread,
      int[] indexInThread,
      long[] siteKey,
      byte[] kind,
      List<String> threadNames,
      int[][] eventsOfThread,
      int[] edgeSource,
      int[] edgeTarget,
      int[] fixedSource,
      int[] fixedTarget,
      CriticalSections sections,
      int firstEvent,
      ObservedPrefix prefix) {
    this.firstEvent = firstEvent;
    this.prefix = prefix;
    this.thread = thread;
    this.indexInThread = indexInThread;
    this.siteKey = siteKey;
    this.kind = kind;
    this.threadNames = List.copyOf(threadNames);
    this.eventsOfThread = eventsOfThread;
    this.edgeSource = edgeSource;
    this.edgeTarget = edgeTarget;
    this.fixedSource = fixedSource;
    this.fixedTarget = fixedTarget;
    this.sections = sections;
    int n = thread.length;
    accessIndex = new int[n];
    int[] accesses = new int[eventsOfThread.length];
    for (int v = 0; v < n; v++) {
      accessIndex[v] = accesses[thread[v]];
      if (DATA[kind[v]]) {
        accesses[thread[v]]++;
      }
    }
    incidentStart = new int[n + 1];
    int[] incomingStart = new int[n + 1];
    for (int e = 0; e < edgeSource.length; e++) {
      if (e > 0 && edgeSource[e] < edgeSource[e - 1]) {
        throw new IllegalArgumentException("mutable edges must be sorted by source");
      }
      incidentStart[edgeSource[e] + 1]++;
      incomingStart[edgeTarget[e] + 1]++;
    }
    for (int v = 0; v < n; v++) {
      incidentStart[v + 1] += incidentStart[v] + incomingStart[v + 1];
      incomingStart[v + 1] += incomingStart[v];
    }
    incidentOther = new long[2 * edgeSource.length];
    long groupEntries = (long) n * (eventsOfThread.length + 1);
    groupStarts = groupEntries <= MAX_GROUP_ENTRIES ? new int[(int) groupEntries] : null;
    incidentEdges = orderedIncidence(n, incomingStart, incidentOther, groupStarts);
  }

  private static boolean[] dataKinds() {
    EventKind[] kinds = EventKind.values();
    boolean[] data = new boolean[kinds.length];
    for (EventKind k : kinds) {
      data[k.ordinal()] = k.isData();
    }
    return data;
  }

  /** {@code g} without its table of thread groups: for tests of the searches that replace it. */
  static InterleavingGraph withoutGroupTable(InterleavingGraph g) {
    return new InterleavingGraph(g, null);
  }

  private InterleavingGraph(InterleavingGraph g, int[] groupStarts) {
    this.firstEvent = g.firstEvent;
    this.prefix = g.prefix;
    this.thread = g.thread;
    this.indexInThread = g.indexInThread;
    this.accessIndex = g.accessIndex;
    this.siteKey = g.siteKey;
    this.kind = g.kind;
    this.threadNames = g.threadNames;
    this.eventsOfThread = g.eventsOfThread;
    this.edgeSource = g.edgeSource;
    this.edgeTarget = g.edgeTarget;
    this.fixedSource = g.fixedSource;
    this.fixedTarget = g.fixedTarget;
    this.sections = g.sections;
    this.incidentStart = g.incidentStart;
    this.incidentEdges = g.incidentEdges;
    this.incidentOther = g.incidentOther;
    this.groupStarts = groupStarts;
  }

  /**
   * The edges at each vertex, ordered by the other endpoint's thread, then its global index: every
   * vertex's edges are handed to their other endpoints with the vertices visited in that order, so
   * each list fills already sorted (an edge joins two vertices at most once, and never both ways:
   * it goes from the earlier access to the later), in time linear in the edges. Sorting each list
   * by comparison took most of a run's analysis on programs with a hundred threads, whose vertices
   * have an edge to each other thread. A vertex's outgoing edges are one range of the edge arrays
   * (sorted by source), so only the incoming ones are gathered first. Fills {@code other} with each
   * entry's other endpoint on the way.
   *
   * @param incomingStart where each vertex's incoming edges start in a list of all, by target
   * @param groupStarts filled with {@link #groupStarts}, unless null
   */
  private int[] orderedIncidence(int n, int[] incomingStart, long[] other, int[] groupStarts) {
    int edges = edgeSource.length;
    int[] incoming = new int[edges];
    int[] fill = new int[n];
    for (int e = 0; e < edges; e++) {
      int t = edgeTarget[e];
      incoming[incomingStart[t] + fill[t]++] = e;
    }
    int[] ordered = new int[2 * edges];
    Arrays.fill(fill, 0);
    for (int t = 0; t < eventsOfThread.length; t++) {
      if (groupStarts != null) {
        setGroupStarts(groupStarts, t, fill);
      }
      for (int w : eventsOfThread[t]) {
        long key = orderKey(w);
        // w's outgoing edges start after the out-degrees of the vertices before it
        int outEnd = incidentStart[w + 1] - incomingStart[w + 1];
        for (int e = incidentStart[w] - incomingStart[w]; e < outEnd; e++) {
          int at = incidentStart[edgeTarget[e]] + fill[edgeTarget[e]]++;
          ordered[at] = e;
          other[at] = key;
        }
        for (int i = incomingStart[w]; i < incomingStart[w + 1]; i++) {
          int e = incoming[i];
          int at = incidentStart[edgeSource[e]] + fill[edgeSource[e]]++;
          ordered[at] = e;
          other[at] = key;
        }
      }
    }
    if (groupStarts != null) {
      setGroupStarts(groupStarts, eventsOfThread.length, fill);
    }
    return ordered;
  }

  /** Sets every vertex's {@link #groupStarts} entry for thread {@code t} to its fill count. */
  private void setGroupStarts(int[] groupStarts, int t, int[] fill) {
    int stride = eventsOfThread.length + 1;
    for (int v = 0, at = t; v < fill.length; v++, at += stride) {
      groupStarts[at] = fill[v];
    }
  }

  private long orderKey(int vertex) {
    return ((long) thread[vertex] << 32) | vertex;
  }

  /** The endpoint of {@code edge} that is not {@code v}. */
  public int otherEndpoint(int edge, int v) {
    return edgeSource[edge] == v ? edgeTarget[edge] : edgeSource[edge];
  }

  /**
   * Position range, within the edges at {@code v} (see {@link #incidentEdge}), of those whose other
   * endpoint is in thread {@code t} with an index in thread in {@code [fromIndex, toIndex]}: {@code
   * start << 32 | end}, end exclusive. The end is walked to from the start: an edge joins two
   * vertices at most once, so the range holds at most one edge per event of the index range (a
   * second search of the whole list cost a quarter of a long run's segment enumeration).
   */
  public long incidentRange(int v, int t, int fromIndex, int toIndex) {
    return incidentRange(v, positionKey(t, fromIndex), positionKey(t, toIndex + 1));
  }

  /**
   * {@link #incidentRange} with the range given by {@link #positionKey}s, the end exclusive: a
   * search that asks for one range at many vertices computes them once.
   */
  public long incidentRange(int v, long fromKey, long endKey) {
    int start = lowerBound(v, fromKey);
    int base = incidentStart[v];
    int count = incidentStart[v + 1] - base;
    int end = start;
    while (end < count && incidentOther[base + end] < endKey) {
      end++;
    }
    return ((long) start << 32) | end;
  }

  /** The first position among {@code v}'s edges whose other end's thread is {@code t} or later. */
  private int groupStart(int v, int t) {
    return groupStarts[v * (eventsOfThread.length + 1) + t];
  }

  /**
   * The end (exclusive) of the group of positions, within the edges at {@code v}, whose other
   * endpoints are in the same thread as the one at position {@code from}: read from the thread
   * groups where the graph keeps them, else found by galloping from {@code from}, so a group of one
   * or two edges (the usual, one each way) costs a probe or two and a group of thousands a
   * logarithm.
   */
  public int incidentGroupEnd(int v, int from) {
    int base = incidentStart[v];
    int t = threadAt(base, from);
    if (groupStarts != null) {
      return groupStart(v, t + 1);
    }
    int count = incidentStart[v + 1] - base;
    int lo = from + 1; // first position not yet known to be in the group
    int step = 1;
    int hi = lo;
    while (hi < count && threadAt(base, hi) == t) {
      lo = hi + 1;
      hi = from + (step <<= 1);
    }
    hi = Math.min(hi, count);
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (threadAt(base, mid) == t) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /**
   * Within positions {@code [from, to)} of the edges at {@code v}, whose other endpoints are all in
   * one thread, the first whose other endpoint has global index {@code event} or later.
   */
  public int incidentSplit(int v, int from, int to, int event) {
    int base = incidentStart[v];
    int lo = from;
    int hi = to;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (otherAt(base, mid) < event) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /**
   * The thread of the other endpoint of the {@code i}-th edge at {@code v} (see {@link
   * #incidentEdge}), read from the incidence entry itself.
   */
  public int incidentThread(int v, int i) {
    return threadAt(incidentStart[v], i);
  }

  /**
   * The order key of event {@code index} of thread {@code t}, clamped to the thread's events: the
   * edges at a vertex whose other ends are in {@code t} at indices {@code [i, j]} are those whose
   * keys lie in {@code [positionKey(t, i), positionKey(t, j + 1))}.
   */
  public long positionKey(int t, int index) {
    if (index <= 0) {
      return (long) t << 32;
    }
    if (index >= eventsOfThread[t].length) {
      return (long) (t + 1) << 32;
    }
    return orderKey(eventsOfThread[t][index]);
  }

  /**
   * The other endpoint of the edge at position {@code i} of {@code v}'s edges (from {@code base}).
   */
  private int otherAt(int base, int i) {
    return (int) incidentOther[base + i];
  }

  /** The thread of the other endpoint of the edge at position {@code i} (from {@code base}). */
  private int threadAt(int base, int i) {
    return (int) (incidentOther[base + i] >>> 32);
  }

  /**
   * The first position, within the edges at {@code v}, whose other endpoint's key is >= key: from
   * the start of the key's thread's group when the graph has the table (a group is an edge or two,
   * each way, to the nearest accesses; more only where one access is the nearest of many).
   */
  private int lowerBound(int v, long key) {
    int base = incidentStart[v];
    int t = (int) (key >>> 32);
    if (groupStarts != null && t < eventsOfThread.length) {
      int lo = groupStart(v, t);
      int hi = groupStart(v, t + 1);
      if (hi - lo <= SHORT_LIST) {
        while (lo < hi && incidentOther[base + lo] < key) {
          lo++;
        }
        return lo;
      }
      return lowerBound(base, lo, hi, key);
    }
    int count = incidentStart[v + 1] - base;
    if (count <= SHORT_LIST) {
      // counting the smaller keys of a short sorted list: no branch to mispredict, where a binary
      // search's are mispredicted half the time (a vertex has about two edges per other thread)
      int below = 0;
      for (int i = 0; i < count; i++) {
        below += incidentOther[base + i] < key ? 1 : 0;
      }
      return below;
    }
    return lowerBound(base, 0, count, key);
  }

  /** Binary search of positions {@code [lo, hi)} of the edges at {@code base}. */
  private int lowerBound(int base, int lo, int hi, long key) {
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (incidentOther[base + mid] < key) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  public int vertexCount() {
    return thread.length;
  }

  /** The global index, in its run, of vertex 0: 0 unless the graph covers a later window. */
  public int firstEvent() {
    return firstEvent;
  }

  /**
   * About how many bytes the graph keeps alive: 33 per vertex (its per-event arrays, its thread
   * chains and its section index), 32 per mutable edge (both ends, and two incidence entries of an
   * edge and an endpoint's order key each), 4 per vertex and thread and one for the thread groups
   * where it keeps them, and its prefix. A queued schedule keeps its graph alive, so the queue is
   * bounded by this.
   */
  public long footprintBytes() {
    return 33L * thread.length
        + 32L * edgeSource.length
        + (groupStarts == null ? 0 : 4L * groupStarts.length)
        + prefix.footprintBytes();
  }

  /** The run's events before the graph's window, empty when it covers the run from the start. */
  public ObservedPrefix prefix() {
    return prefix;
  }

  public int thread(int v) {
    return thread[v];
  }

  /**
   * The position of {@code v} among its thread's events in this graph (from the window's start).
   */
  public int indexInThread(int v) {
    return indexInThread[v];
  }

  /**
   * The number of data accesses (field, static and array reads and writes) before {@code v} in its
   * thread. Segment windows are measured in it, so that the monitor enters and exits around a
   * synchronized access do not push related accesses out of the window; mutation moves whole
   * critical sections anyway.
   */
  public int accessIndex(int v) {
    return accessIndex[v];
  }

  /** The stable key of the code site of the event (see {@code Site#stableKey}). */
  public long siteKey(int v) {
    return siteKey[v];
  }

  public EventKind kind(int v) {
    return EventKind.of(kind[v]);
  }

  /** The ordinal of {@link #kind}, without looking the constant up. */
  public int kindOrdinal(int v) {
    return kind[v];
  }

  public int threadCount() {
    return eventsOfThread.length;
  }

  public String threadName(int t) {
    return threadNames.get(t);
  }

  public List<String> threadNames() {
    return threadNames;
  }

  public int eventsInThread(int t) {
    return eventsOfThread[t].length;
  }

  /** The global index of the {@code i}-th event of thread {@code t}. */
  public int event(int t, int i) {
    return eventsOfThread[t][i];
  }

  public int mutableEdgeCount() {
    return edgeSource.length;
  }

  /** The event the run executed first. */
  public int edgeSource(int edge) {
    return edgeSource[edge];
  }

  public int edgeTarget(int edge) {
    return edgeTarget[edge];
  }

  /** Number of mutable edges touching {@code v}. */
  public int incidentCount(int v) {
    return incidentStart[v + 1] - incidentStart[v];
  }

  /**
   * The {@code i}-th mutable edge touching {@code v}, ordered by the other endpoint's thread and
   * then its position in that thread.
   */
  public int incidentEdge(int v, int i) {
    return incidentEdges[incidentStart[v] + i];
  }

  public int fixedEdgeCount() {
    return fixedSource.length;
  }

  public int fixedEdgeSource(int edge) {
    return fixedSource[edge];
  }

  public int fixedEdgeTarget(int edge) {
    return fixedTarget[edge];
  }

  public CriticalSections sections() {
    return sections;
  }
}
