package dev.weft.graph.segment;

import dev.weft.graph.InterleavingGraph;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.Arrays;

/**
 * Enumerates the segments of an interleaving graph: pairs of mutable edges that are close. Two
 * edges are close when every two distinct vertices of theirs that belong to one thread lie within
 * the window in program order, and either they share a vertex or they connect the same two threads.
 * Candidates for an edge are found through the edges touching the events within the window around
 * its two endpoints, so the work is linear in the number of edges times the window times the local
 * edge density.
 */
public final class SegmentEnumerator {
  private final SegmentOptions options;

  public SegmentEnumerator(SegmentOptions options) {
    this.options = options;
  }

  public Segments enumerate(InterleavingGraph g) {
    int window = options.window();
    while (true) {
      Segments result = enumerate(g, window, window == 0 ? Long.MAX_VALUE : options.maxInstances());
      if (result != null) {
        return result;
      }
      window--;
    }
  }

  /** Returns null when more than {@code cap} instances were met. */
  private static Segments enumerate(InterleavingGraph g, int window, long cap) {
    int edges = g.mutableEdgeCount();
    int[] seenWith = new int[edges];
    Arrays.fill(seenWith, -1);
    LongOpenHashSet seenKeys = new LongOpenHashSet();
    LongArrayList keys = new LongArrayList();
    IntArrayList first = new IntArrayList();
    IntArrayList second = new IntArrayList();
    long instances = 0;
    for (int e1 = 0; e1 < edges; e1++) {
      int a = g.edgeSource(e1);
      int b = g.edgeTarget(e1);
      for (int side = 0; side < 2; side++) {
        int around = side == 0 ? a : b;
        int t = g.thread(around);
        int from = Math.max(0, g.indexInThread(around) - window);
        int to = Math.min(g.eventsInThread(t) - 1, g.indexInThread(around) + window);
        for (int i = from; i <= to; i++) {
          int x = g.event(t, i);
          int incident = g.incidentCount(x);
          for (int j = 0; j < incident; j++) {
            int e2 = g.incidentEdge(x, j);
            if (e2 <= e1 || seenWith[e2] == e1) {
              continue;
            }
            seenWith[e2] = e1;
            if (!close(g, a, b, g.edgeSource(e2), g.edgeTarget(e2), window)) {
              continue;
            }
            if (++instances > cap) {
              return null;
            }
            long key = SegmentKeys.key(g, e1, false, e2, false);
            if (seenKeys.add(key)) {
              keys.add(key);
              first.add(e1);
              second.add(e2);
            }
          }
        }
      }
    }
    return new Segments(
        keys.toLongArray(), first.toIntArray(), second.toIntArray(), window, instances);
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
        || Math.abs(g.indexInThread(x) - g.indexInThread(y)) <= window;
  }
}
