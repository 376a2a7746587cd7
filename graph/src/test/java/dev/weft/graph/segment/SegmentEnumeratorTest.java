package dev.weft.graph.segment;

import static dev.weft.graph.TraceBuilder.field;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.graph.ChunkRunner;
import dev.weft.graph.InterleavingGraph;
import dev.weft.graph.TraceBuilder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.Test;

class SegmentEnumeratorTest {
  /** Runs the chunks in a shuffled order, half of them on a second thread. */
  private static final class ShuffledRunner implements ChunkRunner {
    private final Random random;
    private final ExecutorService other = Executors.newSingleThreadExecutor();
    int loops;
    int mostChunks;

    ShuffledRunner(long seed) {
      this.random = new Random(seed);
    }

    @Override
    public void run(int chunks, IntConsumer chunk) {
      loops++;
      mostChunks = Math.max(mostChunks, chunks);
      List<Integer> order = new ArrayList<>();
      for (int i = 0; i < chunks; i++) {
        order.add(i);
      }
      Collections.shuffle(order, random);
      List<Future<?>> elsewhere = new ArrayList<>();
      for (int i = 0; i < order.size(); i++) {
        int c = order.get(i);
        if (i % 2 == 0) {
          elsewhere.add(other.submit(() -> chunk.accept(c)));
        } else {
          chunk.accept(c);
        }
      }
      for (Future<?> f : elsewhere) {
        try {
          f.get();
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      }
    }

    @Override
    public boolean shared() {
      return true;
    }
  }

  private static void assertSame(Segments actual, Segments expected) {
    assertThat(actual.keys()).containsExactly(expected.keys());
    for (int i = 0; i < expected.size(); i++) {
      assertThat(actual.firstEdge(i)).isEqualTo(expected.firstEdge(i));
      assertThat(actual.secondEdge(i)).isEqualTo(expected.secondEdge(i));
    }
    assertThat(actual.window()).isEqualTo(expected.window());
    assertThat(actual.instances()).isEqualTo(expected.instances());
    assertThat(actual.truncated()).isEqualTo(expected.truncated());
  }

  @Test
  void chunksRunAnywhereInAnyOrderGiveTheResultOfOnePass() {
    for (int seed = 0; seed < 20; seed++) {
      InterleavingGraph g = TraceBuilder.randomRun(new Random(seed), 600, 2 + seed % 5).graph();
      ShuffledRunner runner = new ShuffledRunner(seed);
      Segments chunked = new SegmentEnumerator(SegmentOptions.DEFAULT).enumerate(g, runner);
      Segments onePass = new SegmentEnumerator(SegmentOptions.DEFAULT).enumerate(g);
      assertThat(onePass.size()).isGreaterThan(10);
      assertSame(chunked, onePass);
      assertThat(runner.mostChunks).isGreaterThan(1);
    }
  }

  @Test
  void chunksThatTogetherPassTheCapTightenTheWindowAsOnePassDoes() {
    InterleavingGraph g = TraceBuilder.randomRun(new Random(3), 800, 4).graph();
    long wide = new SegmentEnumerator(SegmentOptions.DEFAULT).enumerate(g).instances();
    SegmentOptions capped = new SegmentOptions(4, (int) (wide * 2 / 3), 16);
    ShuffledRunner runner = new ShuffledRunner(1);
    Segments chunked = new SegmentEnumerator(capped).enumerate(g, runner);
    Segments onePass = new SegmentEnumerator(capped).enumerate(g);
    assertThat(onePass.window()).isLessThan(4);
    assertSame(chunked, onePass);
    assertThat(runner.loops).isGreaterThan(1);
  }

  /**
   * At window 0 the enumeration keeps the instances found before the cap, also when the cap is met
   * among the pairs of one window (two lock operations next to each access share its window).
   */
  @Test
  void atWindowZeroTheFirstInstancesUpToTheCapAreKept() {
    TraceBuilder t = new TraceBuilder();
    long x = field(1, 1);
    long lock = TraceBuilder.lock(7);
    for (int i = 0; i < 50; i++) {
      t.enter(0, lock, 5);
      t.write(0, x, 1);
      t.exit(0, lock, 6);
      t.enter(1, lock, 5);
      t.read(1, x, 2);
      t.exit(1, lock, 6);
    }
    InterleavingGraph g = t.graph();
    Segments all = new SegmentEnumerator(new SegmentOptions(0, 1_000_000, 100)).enumerate(g);
    assertThat(all.instances()).isGreaterThan(5);
    assertThat(all.truncated()).isFalse();
    Segments capped = new SegmentEnumerator(new SegmentOptions(0, 5, 100)).enumerate(g);
    assertThat(capped.window()).isZero();
    assertThat(capped.truncated()).isTrue();
    assertThat(capped.instances()).isEqualTo(5);
    assertThat(capped.size()).isBetween(1, 5);
    assertThat(all.keys()).startsWith(capped.keys());
  }
}
