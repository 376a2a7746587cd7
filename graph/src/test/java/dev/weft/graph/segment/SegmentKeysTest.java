package dev.weft.graph.segment;

import static dev.weft.graph.TraceBuilder.field;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.graph.InterleavingGraph;
import dev.weft.graph.TraceBuilder;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import org.junit.jupiter.api.Test;

class SegmentKeysTest {
  private static LongOpenHashSet keys(InterleavingGraph g) {
    return new LongOpenHashSet(new SegmentEnumerator(SegmentOptions.DEFAULT).enumerate(g).keys());
  }

  /**
   * Writer stores x then y; the reader loads y then x. {@code readerFirst} decides whether the
   * reader's load of x comes before the writer's store of x.
   */
  private static InterleavingGraph publication(
      int object, int writer, int reader, int unrelatedPrefix, boolean readerFirst) {
    TraceBuilder t = new TraceBuilder();
    long x = field(object, 1);
    long y = field(object, 2);
    int other = 3 - writer - reader;
    for (int i = 0; i < unrelatedPrefix; i++) {
      t.write(other, field(99, i), 50 + i);
    }
    if (readerFirst) {
      t.read(reader, y, 12);
      t.read(reader, x, 13);
    }
    t.write(writer, x, 10);
    t.write(writer, y, 11);
    if (!readerFirst) {
      t.read(reader, y, 12);
      t.read(reader, x, 13);
    }
    return t.graph();
  }

  @Test
  void equalAcrossRunsWithTheSameInterleaving() {
    // different object numbers, thread numbers and global indices; same shape
    LongOpenHashSet a = keys(publication(1, 0, 1, 0, false));
    LongOpenHashSet b = keys(publication(42, 2, 0, 5, false));
    assertThat(a).isNotEmpty().isEqualTo(b);
  }

  @Test
  void differentWhenAMutableEdgeIsFlipped() {
    LongOpenHashSet writerFirst = keys(publication(1, 0, 1, 0, false));
    LongOpenHashSet readerFirst = keys(publication(1, 0, 1, 0, true));
    assertThat(readerFirst).isNotEmpty();
    for (long k : readerFirst) {
      assertThat(writerFirst).doesNotContain(k);
    }
  }

  @Test
  void flippingAnObservedSegmentGivesTheKeyOfTheRunThatRealisesIt() {
    InterleavingGraph writerFirst = publication(1, 0, 1, 0, false);
    Segments segments = new SegmentEnumerator(SegmentOptions.DEFAULT).enumerate(writerFirst);
    LongOpenHashSet imagined = new LongOpenHashSet();
    for (int i = 0; i < segments.size(); i++) {
      imagined.add(
          SegmentKeys.key(writerFirst, segments.firstEdge(i), true, segments.secondEdge(i), true));
    }
    LongOpenHashSet realised = keys(publication(1, 0, 1, 0, true));
    assertThat(imagined).containsAnyElementsOf(realised);
  }

  @Test
  void theWindowBoundsHowFarApartTheAccessesOfOneThreadMayBe() {
    TraceBuilder t = new TraceBuilder();
    long x = field(1, 1);
    long y = field(1, 2);
    t.write(0, x, 1);
    for (int i = 0; i < 6; i++) {
      t.write(0, field(2, i), 20 + i); // private to thread 0
    }
    t.write(0, y, 2);
    t.read(1, x, 3);
    t.read(1, y, 4);
    InterleavingGraph g = t.graph();
    assertThat(new SegmentEnumerator(new SegmentOptions(8, 1000, 16)).enumerate(g).size())
        .isEqualTo(1);
    assertThat(new SegmentEnumerator(new SegmentOptions(4, 1000, 16)).enumerate(g).size()).isZero();
  }

  @Test
  void tightensTheWindowWhenARunHasTooManyInstances() {
    TraceBuilder t = new TraceBuilder();
    long x = field(1, 1);
    for (int i = 0; i < 50; i++) {
      t.write(0, x, 1);
      t.read(1, x, 2);
    }
    InterleavingGraph g = t.graph();
    Segments wide = new SegmentEnumerator(new SegmentOptions(4, 1_000_000, 100)).enumerate(g);
    Segments capped =
        new SegmentEnumerator(new SegmentOptions(4, (int) wide.instances() - 1, 100)).enumerate(g);
    assertThat(wide.window()).isEqualTo(4);
    assertThat(capped.window()).isLessThan(4);
    assertThat(capped.instances()).isLessThan(wide.instances());
  }

  /**
   * The key is part of the coverage format: for every pair of edges of a run with several threads,
   * flipped or not, it is the smaller hash of the two listings as the format defines it (spelt out
   * here once more, slot by slot).
   */
  @Test
  void keysFollowTheFormatForEveryPairOfEdges() {
    InterleavingGraph g = randomAccesses(7, 60, 3);
    int edges = g.mutableEdgeCount();
    assertThat(edges).isGreaterThan(20);
    for (int e1 = 0; e1 < edges; e1++) {
      for (int e2 = 0; e2 < edges; e2++) {
        for (int flips = 0; flips < 4; flips++) {
          boolean f1 = (flips & 1) != 0;
          boolean f2 = (flips & 2) != 0;
          assertThat(SegmentKeys.key(g, e1, f1, e2, f2)).isEqualTo(formatKey(g, e1, f1, e2, f2));
        }
      }
    }
  }

  /**
   * The enumeration's per-edge parts give every pair of edges as observed the key of the format, in
   * both orders and for a pair of an edge with itself.
   */
  @Test
  void edgePartsGiveTheFormatsKeys() {
    InterleavingGraph g = randomAccesses(11, 80, 4);
    EdgeKeyParts parts = new EdgeKeyParts(g);
    int edges = g.mutableEdgeCount();
    assertThat(edges).isGreaterThan(20);
    for (int e1 = 0; e1 < edges; e1++) {
      for (int e2 = 0; e2 < edges; e2++) {
        assertThat(parts.key(e1, e2)).isEqualTo(formatKey(g, e1, false, e2, false));
      }
    }
  }

  /** Reads and writes of six fields of two objects by random threads, at a dozen sites. */
  private static InterleavingGraph randomAccesses(long seed, int events, int threads) {
    TraceBuilder t = new TraceBuilder();
    java.util.Random random = new java.util.Random(seed);
    for (int i = 0; i < events; i++) {
      long location = field(1 + random.nextInt(2), random.nextInt(3));
      int thread = random.nextInt(threads);
      if (random.nextBoolean()) {
        t.write(thread, location, 10 + random.nextInt(6));
      } else {
        t.read(thread, location, 20 + random.nextInt(6));
      }
    }
    return t.graph();
  }

  private static long formatKey(InterleavingGraph g, int e1, boolean f1, int e2, boolean f2) {
    int a = f1 ? g.edgeTarget(e1) : g.edgeSource(e1);
    int b = f1 ? g.edgeSource(e1) : g.edgeTarget(e1);
    int c = f2 ? g.edgeTarget(e2) : g.edgeSource(e2);
    int d = f2 ? g.edgeSource(e2) : g.edgeTarget(e2);
    return Math.min(listing(g, a, b, c, d), listing(g, c, d, a, b));
  }

  private static long listing(InterleavingGraph g, int a, int b, int c, int d) {
    long h = 0x5745_4654_5345_4731L;
    for (int v : new int[] {a, b, c, d}) {
      h = mixWord(h, g.siteKey(v));
    }
    long shape =
        ((long) g.kind(a).ordinal() << 56)
            | ((long) g.kind(b).ordinal() << 48)
            | ((long) g.kind(c).ordinal() << 40)
            | ((long) g.kind(d).ordinal() << 32);
    int[][] pairs = {{a, b}, {a, c}, {a, d}, {b, c}, {b, d}, {c, d}};
    for (int i = 0; i < pairs.length; i++) {
      int x = pairs[i][0];
      int y = pairs[i][1];
      long r =
          x == y
              ? 0
              : g.thread(x) != g.thread(y) ? 3 : g.indexInThread(x) < g.indexInThread(y) ? 1 : 2;
      shape |= r << (2 * i);
    }
    return mixWord(h, shape);
  }

  private static long mixWord(long h, long word) {
    h = (h ^ word) * 0x9E3779B97F4A7C15L;
    return h ^ (h >>> 29);
  }
}
