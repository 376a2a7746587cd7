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
}
