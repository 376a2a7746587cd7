package dev.weft.graph.segment;

import dev.weft.graph.InterleavingGraph;

/**
 * The parts of segment keys that depend on one mutable edge only: a run's enumeration computes a
 * key for every pair of close edges, several times as many pairs as edges and most of them repeats
 * of a key already listed. The first two mixing steps of a listing depend on its first edge's sites
 * alone, and its kinds word on the edge's two kinds, so both are computed once per edge. The keys
 * are exactly those of {@link SegmentKeys#key}. Two words per edge, for the enumeration only (the
 * graph does not keep them); keeping each endpoint's site and position as well made the enumeration
 * no faster and its peak heap on a 100,000-event, 8-thread trace 42 MB instead of 19 (4 before).
 */
final class EdgeKeyParts {
  private static final int PREFIX = 0;
  private static final int KINDS = 1;
  private static final int STRIDE = 2;

  private final InterleavingGraph g;
  private final long[] parts;

  EdgeKeyParts(InterleavingGraph g) {
    this.g = g;
    int edges = g.mutableEdgeCount();
    parts = new long[edges * STRIDE];
    for (int e = 0; e < edges; e++) {
      int s = g.edgeSource(e);
      int t = g.edgeTarget(e);
      int at = e * STRIDE;
      long siteS = g.siteKey(s);
      long siteT = g.siteKey(t);
      parts[at + PREFIX] = SegmentKeys.prefix(siteS, siteT);
      parts[at + KINDS] = (long) g.kindOrdinal(s) << 8 | g.kindOrdinal(t);
    }
  }

  /**
   * A vertex's thread and index in thread in one word: two vertices are the same when their words
   * are, of one thread when the high halves are, and then ordered as the words.
   */
  private static long position(InterleavingGraph g, int v) {
    return (long) g.thread(v) << 32 | g.indexInThread(v);
  }

  /** {@link SegmentKeys#key} of edges {@code e1} and {@code e2} as observed. */
  long key(int e1, int e2) {
    int i = e1 * STRIDE;
    int j = e2 * STRIDE;
    int va = g.edgeSource(e1);
    int vb = g.edgeTarget(e1);
    int vc = g.edgeSource(e2);
    int vd = g.edgeTarget(e2);
    long a = position(g, va);
    long b = position(g, vb);
    long c = position(g, vc);
    long d = position(g, vd);
    long ab = relation(a, b);
    long ac = relation(a, c);
    long ad = relation(a, d);
    long bc = relation(b, c);
    long bd = relation(b, d);
    long cd = relation(c, d);
    long kinds1 = parts[i + KINDS];
    long kinds2 = parts[j + KINDS];
    long one =
        SegmentKeys.finish(
            parts[i + PREFIX],
            g.siteKey(vc),
            g.siteKey(vd),
            kinds1 << 48 | kinds2 << 32 | ab | ac << 2 | ad << 4 | bc << 6 | bd << 8 | cd << 10);
    long other =
        SegmentKeys.finish(
            parts[j + PREFIX],
            g.siteKey(va),
            g.siteKey(vb),
            kinds2 << 48
                | kinds1 << 32
                | cd
                | reversed(ac) << 2
                | reversed(bc) << 4
                | reversed(ad) << 6
                | reversed(bd) << 8
                | ab << 10);
    return Math.min(one, other);
  }

  private static long relation(long x, long y) {
    if (x == y) {
      return SegmentKeys.SAME_VERTEX;
    }
    if ((x ^ y) >>> 32 != 0) {
      return SegmentKeys.OTHER_THREAD;
    }
    return x < y ? SegmentKeys.BEFORE : SegmentKeys.AFTER;
  }

  private static long reversed(long relation) {
    return (relation & 1) << 1 | relation >>> 1;
  }
}
