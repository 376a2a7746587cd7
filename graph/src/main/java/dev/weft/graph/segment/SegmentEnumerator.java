package dev.weft.graph.segment;

import dev.weft.graph.InterleavingGraph;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;

/**
 * Enumerates the segments of an interleaving graph: pairs of mutable edges that are close.
 *
 * <p>Windows count data accesses only ({@link InterleavingGraph#accessIndex}): lock operations
 * between two accesses do not make them further apart. For an edge {@code a -> b} between threads T
 * and U, the close edges are
 *
 * <ul>
 *   <li>the edges between T and U whose T end lies within the window around {@code a} and whose U
 *       end lies within the window around {@code b} (this includes edges sharing {@code a} or
 *       {@code b});
 *   <li>for a shared endpoint and each third thread V, the edge from that endpoint to V whose V end
 *       is nearest in the run before, and nearest after, the first edge's other endpoint.
 * </ul>
 *
 * Candidates are found by binary search in each vertex's edges (ordered by the other endpoint's
 * thread and position), so an event that conflicts with thousands of others (a hot field written
 * once and read everywhere) costs a logarithm rather than a quadratic number of pairs. The work is
 * at most the number of edges times {@code (2 * window + 1)^2} plus the third-thread pairs.
 *
 * <p>Three bounds keep long traces affordable: only the first {@code instancesPerEdgeShape} edges
 * with the same pair of sites start pairs (SegFuzz keeps only the first dynamic instance of each
 * instruction: later iterations of a loop rarely add a shape); above {@code maxInstances} the
 * window is tightened by one and the pass redone; with window 0 the pass stops at the cap and the
 * result says it was truncated.
 */
public final class SegmentEnumerator {
  private final SegmentOptions options;

  /**
   * Keys the last enumeration found: the next one's tables start that big (runs of one program find
   * about as many, often several per edge, and growing the tables from the edge count took a fifth
   * of a small program's enumeration).
   */
  private int lastKeys;

  public SegmentEnumerator(SegmentOptions options) {
    this.options = options;
  }

  public Segments enumerate(InterleavingGraph g) {
    int window = options.window();
    while (true) {
      Segments result = new Pass(g, window, options, lastKeys).run();
      if (result != null) {
        lastKeys = result.size();
        return result;
      }
      window--;
    }
  }

  /** One enumeration with a fixed window. */
  private static final class Pass {
    private final InterleavingGraph g;
    private final int window;
    private final long cap;
    private final boolean truncate;
    private final int perShape;
    private final Long2IntOpenHashMap shapes;
    private final LongOpenHashSet seenKeys;
    private final LongArrayList keys;
    private final IntArrayList first;
    private final IntArrayList second;
    private long instances;

    private boolean truncated;

    Pass(InterleavingGraph g, int window, SegmentOptions options, int keysExpected) {
      this.g = g;
      this.window = window;
      this.cap = options.maxInstances();
      this.truncate = window == 0;
      this.perShape = options.instancesPerEdgeShape();
      // sized up front from the last run's count (growing them rehashed every key several times
      // per run), or from the edges on the first: sizing every run by its edges zeroed a
      // megabyte and a half per run on a 50-thread program whose runs find fewer than 200 keys
      int expected = Math.min(g.mutableEdgeCount(), 1 << 16);
      int keysAhead =
          Math.min(keysExpected > 0 ? keysExpected + keysExpected / 4 : expected, 1 << 16);
      this.shapes = new Long2IntOpenHashMap(Math.max(16, Math.min(expected, keysAhead) / 4));
      this.seenKeys = new LongOpenHashSet(Math.max(16, keysAhead));
      this.keys = new LongArrayList(keysAhead);
      this.first = new IntArrayList(keysAhead);
      this.second = new IntArrayList(keysAhead);
    }

    /**
     * Returns null when more than {@code cap} instances were met and the window can still be
     * tightened; with window 0 it stops at the cap instead.
     */
    Segments run() {
      for (int e1 = 0; e1 < g.mutableEdgeCount() && !truncated; e1++) {
        int a = g.edgeSource(e1);
        int b = g.edgeTarget(e1);
        long shape = g.siteKey(a) * 0x9E3779B97F4A7C15L + g.siteKey(b);
        if (shapes.addTo(shape, 1) >= perShape) {
          continue;
        }
        int t = g.thread(a);
        int u = g.thread(b);
        int from = windowStart(g, a, window);
        int to = windowEnd(g, a, window);
        int otherFrom = windowStart(g, b, window);
        int otherTo = windowEnd(g, b, window);
        for (int i = from; i <= to; i++) {
          int x = g.event(t, i);
          long range = g.incidentRange(x, u, otherFrom, otherTo);
          for (int j = (int) (range >>> 32); j < (int) range; j++) {
            int e2 = g.incidentEdge(x, j);
            if (e2 > e1 && (!add(e1, e2) || truncated)) {
              return null;
            }
          }
        }
        if (!thirdThreads(e1, a, b) || !thirdThreads(e1, b, a)) {
          return null;
        }
      }
      return new Segments(
          keys.toLongArray(),
          first.toIntArray(),
          second.toIntArray(),
          window,
          instances,
          truncated);
    }

    /**
     * Pairs sharing {@code shared} whose other ends are in threads other than {@code other}'s: per
     * such thread, its edges nearest before and after {@code other}. The edges at {@code shared}
     * are grouped by thread, so only the threads present are visited.
     */
    private boolean thirdThreads(int e1, int shared, int other) {
      int skip = g.thread(other);
      int own = g.thread(shared);
      int count = g.incidentCount(shared);
      int start = 0;
      while (start < count) {
        int v = g.thread(g.otherEndpoint(g.incidentEdge(shared, start), shared));
        int end = g.incidentGroupEnd(shared, start);
        if (v != skip && v != own) {
          int split = g.incidentSplit(shared, start, end, other);
          if (split > start && !add(e1, g.incidentEdge(shared, split - 1))) {
            return false;
          }
          if (split < end && !add(e1, g.incidentEdge(shared, split))) {
            return false;
          }
        }
        start = end;
      }
      return true;
    }

    private boolean add(int e1, int e2) {
      if (!close(
          g, g.edgeSource(e1), g.edgeTarget(e1), g.edgeSource(e2), g.edgeTarget(e2), window)) {
        return true;
      }
      if (++instances > cap) {
        if (truncate) {
          truncated = true;
          return true;
        }
        return false;
      }
      long key = SegmentKeys.key(g, e1, false, e2, false);
      if (seenKeys.add(key)) {
        keys.add(key);
        first.add(e1);
        second.add(e2);
      }
      return true;
    }
  }

  /** Index in thread of the first event of v's thread within the window before v. */
  static int windowStart(InterleavingGraph g, int v, int window) {
    int t = g.thread(v);
    int i = g.indexInThread(v);
    int limit = g.accessIndex(v) - window;
    while (i > 0 && g.accessIndex(g.event(t, i - 1)) >= limit) {
      i--;
    }
    return i;
  }

  /** Index in thread of the last event of v's thread within the window after v. */
  static int windowEnd(InterleavingGraph g, int v, int window) {
    int t = g.thread(v);
    int i = g.indexInThread(v);
    int limit = g.accessIndex(v) + window;
    int last = g.eventsInThread(t) - 1;
    while (i < last && g.accessIndex(g.event(t, i + 1)) <= limit) {
      i++;
    }
    return i;
  }

  /** Whether edges (a,b) and (c,d) form a segment under the given window. */
  static boolean close(InterleavingGraph g, int a, int b, int c, int d, int window) {
    boolean shared = a == c || a == d || b == c || b == d;
    if (!shared) {
      int ta = g.thread(a);
      int tb = g.thread(b);
      int tc = g.thread(c);
      int td = g.thread(d);
      boolean sameThreads = (tc == ta && td == tb) || (tc == tb && td == ta);
      if (!sameThreads) {
        return false;
      }
    }
    return near(g, a, c, window)
        && near(g, a, d, window)
        && near(g, b, c, window)
        && near(g, b, d, window);
  }

  private static boolean near(InterleavingGraph g, int x, int y, int window) {
    return x == y
        || g.thread(x) != g.thread(y)
        || Math.abs(g.accessIndex(x) - g.accessIndex(y)) <= window;
  }
}
