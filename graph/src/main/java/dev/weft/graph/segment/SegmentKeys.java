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
    long one = encode(g, a, b, c, d);
    long other = encode(g, c, d, a, b);
    return Math.min(one, other);
  }

  private static long encode(InterleavingGraph g, int a, int b, int c, int d) {
    long h = SEED;
    h = mix(h, g.siteKey(a));
    h = mix(h, g.siteKey(b));
    h = mix(h, g.siteKey(c));
    h = mix(h, g.siteKey(d));
    long shape =
        ((long) g.kind(a).ordinal() << 56)
            | ((long) g.kind(b).ordinal() << 48)
            | ((long) g.kind(c).ordinal() << 40)
            | ((long) g.kind(d).ordinal() << 32);
    shape |= relation(g, a, b);
    shape |= relation(g, a, c) << 2;
    shape |= relation(g, a, d) << 4;
    shape |= relation(g, b, c) << 6;
    shape |= relation(g, b, d) << 8;
    shape |= relation(g, c, d) << 10;
    return mix(h, shape);
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
