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
      parts[e * STRIDE + PREFIX] = SegmentKeys.prefix(g.siteKey(s), g.siteKey(t));
      parts[e * STRIDE + KINDS] = SegmentKeys.kinds(g, s, t);
    }
  }

  /**
   * The first mixing steps of edge {@code e}'s listing: one-to-one in each site while the other is
   * fixed, so two edges from (or to) one vertex have equal prefixes exactly when their other ends
   * have the same site.
   */
  long prefix(int e) {
    return parts[e * STRIDE + PREFIX];
  }

  /** The kinds word of edge {@code e}. */
  long kinds(int e) {
    return parts[e * STRIDE + KINDS];
  }

  /** {@link SegmentKeys#key} of edges {@code e1} and {@code e2} as observed. */
  long key(int e1, int e2) {
    int i = e1 * STRIDE;
    int j = e2 * STRIDE;
    return SegmentKeys.key(
        g,
        g.edgeSource(e1),
        g.edgeTarget(e1),
        g.edgeSource(e2),
        g.edgeTarget(e2),
        parts[i + PREFIX],
        parts[j + PREFIX],
        parts[i + KINDS],
        parts[j + KINDS]);
  }
}
