package dev.weft.graph.readsfrom;

import static dev.weft.graph.TraceBuilder.field;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.graph.InterleavingGraph;
import dev.weft.graph.TraceBuilder;
import dev.weft.graph.TraceWindow;
import dev.weft.trace.EventKind;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import org.junit.jupiter.api.Test;

/** Reads-from recorded from hand-built traces, and the keys that tell sources apart. */
class ReadsFromTest {
  private static final long X = field(1, 1);
  private static final long Y = field(1, 2);

  @Test
  void aReadObservesTheLatestWriteBeforeItOrTheInitialValue() {
    TraceBuilder t = new TraceBuilder().threads("main", "a", "b");
    int initial = t.read(1, X, 10);
    int w1 = t.write(1, X, 11);
    int own = t.read(1, X, 12);
    int w2 = t.write(2, X, 20);
    int other = t.read(1, X, 13);
    int otherLocation = t.read(2, Y, 21);
    int update = t.trace().append(2, EventKind.UPDATE, 22, X);
    int afterUpdate = t.read(1, X, 14);
    int lock = t.enter(1, TraceBuilder.lock(3), 15);
    ReadsFrom rf = ReadsFrom.of(t.trace(), TraceWindow.whole(t.trace().size()));

    assertThat(rf.source(initial)).isEqualTo(ReadsFrom.INITIAL);
    assertThat(rf.source(own)).isEqualTo(w1);
    assertThat(rf.source(other)).isEqualTo(w2);
    assertThat(rf.source(otherLocation)).isEqualTo(ReadsFrom.INITIAL);
    assertThat(rf.source(update)).as("an update reads too").isEqualTo(w2);
    assertThat(rf.source(afterUpdate)).as("and writes").isEqualTo(update);
    assertThat(rf.isRead(w1)).isFalse();
    assertThat(rf.source(lock)).as("locks are not data").isEqualTo(ReadsFrom.NOT_A_READ);
    int slot = rf.slot(initial);
    assertThat(rf.writeCount(slot)).isEqualTo(3);
    assertThat(new int[] {rf.write(slot, 0), rf.write(slot, 1), rf.write(slot, 2)})
        .containsExactly(w1, w2, update);
    assertThat(rf.writtenBefore(slot)).isFalse();
  }

  @Test
  void inAWindowASourceBeforeItIsMarkedAndItsLocationKnownAsWritten() {
    TraceBuilder t = new TraceBuilder().threads("main", "a");
    t.write(0, X, 1);
    t.read(0, Y, 2);
    int from = t.trace().size();
    int read = t.read(1, X, 3);
    int fresh = t.read(1, Y, 4);
    ReadsFrom rf = ReadsFrom.of(t.trace(), new TraceWindow(from, t.trace().size()));

    assertThat(rf.source(read - from)).isEqualTo(ReadsFrom.BEFORE_WINDOW);
    assertThat(rf.writtenBefore(rf.slot(read - from))).isTrue();
    assertThat(rf.source(fresh - from)).isEqualTo(ReadsFrom.INITIAL);
    assertThat(rf.writtenBefore(rf.slot(fresh - from))).isFalse();
  }

  @Test
  void twoReadsFromOneWriterAndFromTwoWritersHaveDifferentPairKeys() {
    LongOpenHashSet sameWriter = pairKeys(false);
    LongOpenHashSet twoWriters = pairKeys(true);
    LongOpenHashSet onlyTorn = new LongOpenHashSet(twoWriters);
    onlyTorn.removeAll(sameWriter);
    assertThat(onlyTorn).hasSize(1);
  }

  /**
   * Writers a and b each write x then y; the checker reads x then y, both from b, or (torn) x from
   * b and y from a.
   */
  private static LongOpenHashSet pairKeys(boolean torn) {
    TraceBuilder t = new TraceBuilder().threads("main", "a", "b", "checker");
    t.write(1, X, 10);
    if (torn) {
      t.write(2, X, 10);
      t.write(2, Y, 11);
      t.read(3, X, 30);
      t.write(1, Y, 11);
    } else {
      t.write(1, Y, 11);
      t.write(2, X, 10);
      t.write(2, Y, 11);
      t.read(3, X, 30);
    }
    t.read(3, Y, 31);
    InterleavingGraph g = t.graph();
    ReadsFrom rf = ReadsFrom.of(t.trace(), TraceWindow.whole(t.trace().size()));
    ReadsFromKeys keys = ReadsFromKeys.enumerate(g, rf, 4, 1_000);
    assertThat(keys.truncated()).isFalse();
    return new LongOpenHashSet(keys.keys());
  }

  @Test
  void pairsReachNoFurtherThanTheWindowAndTheCapTruncates() {
    TraceBuilder t = new TraceBuilder().threads("main");
    for (int i = 0; i < 10; i++) {
      t.read(0, field(2, i), 100 + i);
    }
    InterleavingGraph g = t.graph();
    ReadsFrom rf = ReadsFrom.of(t.trace(), TraceWindow.whole(t.trace().size()));
    // 10 singles; pairs at distance 1..2: 9 + 8
    assertThat(ReadsFromKeys.enumerate(g, rf, 2, 1_000).size()).isEqualTo(10 + 9 + 8);
    ReadsFromKeys capped = ReadsFromKeys.enumerate(g, rf, 2, 5);
    assertThat(capped.truncated()).isTrue();
    assertThat(capped.size()).isLessThan(10 + 9 + 8);
  }
}
