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
    return key(
        g,
        a,
        b,
        c,
        d,
        prefix(g.siteKey(a), g.siteKey(b)),
        prefix(g.siteKey(c), g.siteKey(d)),
        kinds(g, a, b),
        kinds(g, c, d));
  }

  /**
   * Key of the segment listed as {@code a -> b}, {@code c -> d}, given what depends on one edge
   * only: each listing's {@link #prefix} and each edge's {@link #kinds} (so that the enumeration
   * can compute those once per edge rather than once per pair).
   */
  static long key(
      InterleavingGraph g,
      int a,
      int b,
      int c,
      int d,
      long prefixAB,
      long prefixCD,
      long kindsAB,
      long kindsCD) {
    long pa = position(g, a);
    long pb = position(g, b);
    long pc = position(g, c);
    long pd = position(g, d);
    // the six relations are computed once for both listings: listed from the second edge, the
    // same pairs appear with their ends swapped (before and after exchanged)
    long ab = relation(pa, pb);
    long ac = relation(pa, pc);
    long ad = relation(pa, pd);
    long bc = relation(pb, pc);
    long bd = relation(pb, pd);
    long cd = relation(pc, pd);
    long one =
        finish(
            prefixAB,
            g.siteKey(c),
            g.siteKey(d),
            kindsAB << 48 | kindsCD << 32 | ab | ac << 2 | ad << 4 | bc << 6 | bd << 8 | cd << 10);
    long other =
        finish(
            prefixCD,
            g.siteKey(a),
            g.siteKey(b),
            kindsCD << 48
                | kindsAB << 32
                | cd
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

  /** The kinds of an edge's two slots, as they sit side by side in the hash's shape word. */
  static long kinds(InterleavingGraph g, int x, int y) {
    return (long) g.kindOrdinal(x) << 8 | g.kindOrdinal(y);
  }

  /** The rest of a listing's hash, from its {@link #prefix}. */
  private static long finish(long prefix, long siteC, long siteD, long kindsAndRelations) {
    return mix(mix(mix(prefix, siteC), siteD), kindsAndRelations);
  }

  /** The relation of y to x, given that of x to y: before and after exchanged. */
  private static long reversed(long relation) {
    return (relation & 1) << 1 | relation >>> 1;
  }

  /**
   * A vertex's thread and index in thread in one word: two vertices are the same when their words
   * are, of one thread when the high halves are, and then ordered as the words.
   */
  private static long position(InterleavingGraph g, int v) {
    return (long) g.thread(v) << 32 | g.indexInThread(v);
  }

  /** The relation of the vertex at position {@code y} to the one at {@code x}. */
  private static long relation(long x, long y) {
    if (x == y) {
      return SAME_VERTEX;
    }
    if ((x ^ y) >>> 32 != 0) {
      return OTHER_THREAD;
    }
    return x < y ? BEFORE : AFTER;
  }

  private static long mix(long h, long word) {
    h = (h ^ word) * MULTIPLIER;
    return h ^ (h >>> 29);
  }
}
