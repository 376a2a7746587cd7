package dev.weft.graph.segment;

import dev.weft.graph.InterleavingGraph;

/**
 * The parts of segment keys that depend on one mutable edge only, kept side by side per edge: a
 * run's enumeration computes a key for every pair of close edges, several times as many pairs as
 * edges and most of them repeats of a key already listed, and gathering each endpoint's site, kind,
 * thread and position from the graph's per-vertex arrays for every pair was most of its time. The
 * keys are exactly those of {@link SegmentKeys#key}: the first two mixing steps of a listing depend
 * on its first edge alone and are done once per edge.
 */
final class EdgeKeyParts {
  private static final int PREFIX = 0;
  private static final int SITE_SOURCE = 1;
  private static final int SITE_TARGET = 2;
  private static final int POSITION_SOURCE = 3;
  private static final int POSITION_TARGET = 4;
  private static final int KINDS = 5;
  private static final int STRIDE = 6;

  private final long[] parts;

  EdgeKeyParts(InterleavingGraph g) {
    int edges = g.mutableEdgeCount();
    parts = new long[edges * STRIDE];
    for (int e = 0; e < edges; e++) {
      int s = g.edgeSource(e);
      int t = g.edgeTarget(e);
      int at = e * STRIDE;
      long siteS = g.siteKey(s);
      long siteT = g.siteKey(t);
      parts[at + PREFIX] = SegmentKeys.prefix(siteS, siteT);
      parts[at + SITE_SOURCE] = siteS;
      parts[at + SITE_TARGET] = siteT;
      parts[at + POSITION_SOURCE] = position(g, s);
      parts[at + POSITION_TARGET] = position(g, t);
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
    long a = parts[i + POSITION_SOURCE];
    long b = parts[i + POSITION_TARGET];
    long c = parts[j + POSITION_SOURCE];
    long d = parts[j + POSITION_TARGET];
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
            parts[j + SITE_SOURCE],
            parts[j + SITE_TARGET],
            kinds1 << 48 | kinds2 << 32 | ab | ac << 2 | ad << 4 | bc << 6 | bd << 8 | cd << 10);
    long other =
        SegmentKeys.finish(
            parts[j + PREFIX],
            parts[i + SITE_SOURCE],
            parts[i + SITE_TARGET],
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
