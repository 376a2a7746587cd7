package dev.weft.graph.segment;

import dev.weft.graph.InterleavingGraph;

/**
 * The coverage key of a segment: a 64-bit hash of its canonical shape, and nothing that changes
 * between runs realising the same shape.
 *
 * <p>A segment is listed as four slots: source and target of its first mutable edge, source and
 * target of its second (a shared vertex fills two slots). Direction is therefore part of the
 * listing. The hash covers, in this order: the stable site key of each slot; one word packing each
 * slot's event kind (8 bits) and, for each of the six slot pairs, their relation (same vertex, same
 * thread and program-ordered one way or the other, different threads). Object identities, global
 * indices and thread numbers are not in it. The key is the smaller of the two hashes obtained with
 * either edge listed first, so it does not depend on the order in which edges were enumerated.
 *
 * <p>Mixing: {@code h = (h ^ word) * 0x9E3779B97F4A7C15; h ^= h >>> 29} per word, from a fixed
 * seed. This is part of the coverage format; changing it makes saved coverage meaningless.
 */
public final class SegmentKeys {
  static final int SAME_VERTEX = 0;
  static final int BEFORE = 1;
  static final int AFTER = 2;
  static final int OTHER_THREAD = 3;
  private static final long SEED = 0x5745_4654_5345_4731L;
  private static final long MULTIPLIER = 0x9E3779B97F4A7C15L;

  private SegmentKeys() {}

  /** Key of the segment of edges {@code e1} and {@code e2}, each flipped or as observed. */
  public static long key(InterleavingGraph g, int e1, boolean flip1, int e2, boolean flip2) {
    int a = flip1 ? g.edgeTarget(e1) : g.edgeSource(e1);
    int b = flip1 ? g.edgeSource(e1) : g.edgeTarget(e1);
    int c = flip2 ? g.edgeTarget(e2) : g.edgeSource(e2);
    int d = flip2 ? g.edgeSource(e2) : g.edgeTarget(e2);
    // the six relations are computed once for both listings: listed from the second edge, the
    // same pairs appear with their ends swapped (before and after exchanged)
    long ab = relation(g, a, b);
    long ac = relation(g, a, c);
    long ad = relation(g, a, d);
    long bc = relation(g, b, c);
    long bd = relation(g, b, d);
    long cd = relation(g, c, d);
    long kindA = g.kindOrdinal(a);
    long kindB = g.kindOrdinal(b);
    long kindC = g.kindOrdinal(c);
    long kindD = g.kindOrdinal(d);
    long one =
        encode(
            g.siteKey(a),
            g.siteKey(b),
            g.siteKey(c),
            g.siteKey(d),
            kindA << 56 | kindB << 48 | kindC << 40 | kindD << 32,
            ab | ac << 2 | ad << 4 | bc << 6 | bd << 8 | cd << 10);
    long other =
        encode(
            g.siteKey(c),
            g.siteKey(d),
            g.siteKey(a),
            g.siteKey(b),
            kindC << 56 | kindD << 48 | kindA << 40 | kindB << 32,
            cd
                | reversed(ac) << 2
                | reversed(bc) << 4
                | reversed(ad) << 6
                | reversed(bd) << 8
                | ab << 10);
    return Math.min(one, other);
  }

  /** The first two mixing steps of a listing, which depend on its first edge's sites alone. */
  static long prefix(long siteA, long siteB) {
    return mix(mix(SEED, siteA), siteB);
  }

  /** The rest of a listing's hash, from its {@link #prefix}. */
  static long finish(long prefix, long siteC, long siteD, long kindsAndRelations) {
    return mix(mix(mix(prefix, siteC), siteD), kindsAndRelations);
  }

  private static long encode(
      long siteA, long siteB, long siteC, long siteD, long kinds, long relations) {
    long h = SEED;
    h = mix(h, siteA);
    h = mix(h, siteB);
    h = mix(h, siteC);
    h = mix(h, siteD);
    return mix(h, kinds | relations);
  }

  /** The relation of y to x, given that of x to y: before and after exchanged. */
  private static long reversed(long relation) {
    return (relation & 1) << 1 | relation >>> 1;
  }

  static long relation(InterleavingGraph g, int x, int y) {
    if (x == y) {
      return SAME_VERTEX;
    }
    if (g.thread(x) != g.thread(y)) {
      return OTHER_THREAD;
    }
    return g.indexInThread(x) < g.indexInThread(y) ? BEFORE : AFTER;
  }

  private static long mix(long h, long word) {
    h = (h ^ word) * MULTIPLIER;
    return h ^ (h >>> 29);
  }
}
