package dev.weft.graph.segment;

import static dev.weft.graph.TraceBuilder.field;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.graph.ChunkRunner;
import dev.weft.graph.InterleavingGraph;
import dev.weft.graph.TraceBuilder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

  /**
   * The enumeration lists the keys, first instances and instance count that the definition gives,
   * spelt out pair by pair with {@link SegmentKeys#key} (no per-edge parts, no skipped repeats): on
   * random runs, and on runs of many threads executing the same code, where most third-thread pairs
   * repeat a shape their loop listed already.
   */
  @Test
  void listsWhatTheDefinitionSpeltOutGives() {
    int repeatsSeen = 0;
    for (int seed = 0; seed < 24; seed++) {
      Random random = new Random(seed);
      InterleavingGraph g =
          seed % 2 == 0
              ? TraceBuilder.randomRun(random, 500, 2 + seed % 5).graph()
              : sameCode(random, 3 + seed % 10, 8);
      Reference expected = new Reference(g, SegmentOptions.DEFAULT.window(), Long.MAX_VALUE);
      Segments actual = new SegmentEnumerator(SegmentOptions.DEFAULT).enumerate(g);
      assertThat(actual.window()).isEqualTo(SegmentOptions.DEFAULT.window());
      assertLists(actual, expected);
      repeatsSeen += expected.thirdThreadRepeats;
    }
    assertThat(repeatsSeen).isGreaterThan(100);
  }

  /**
   * At window 0 with a cap, the enumeration keeps what the definition lists before the cap, also
   * when the cap falls among the third-thread pairs that repeat a shape.
   */
  @Test
  void atWindowZeroTheCapFallsWhereTheDefinitionPutsIt() {
    for (int seed = 1; seed < 24; seed += 2) {
      InterleavingGraph g = sameCode(new Random(seed), 3 + seed % 10, 8);
      long all = new Reference(g, 0, Long.MAX_VALUE).instances;
      for (long cap : new long[] {all / 3, all / 2 + 1, all - 1}) {
        Reference expected = new Reference(g, 0, cap);
        Segments actual = new SegmentEnumerator(new SegmentOptions(0, (int) cap, 16)).enumerate(g);
        assertThat(actual.truncated()).isTrue();
        assertLists(actual, expected);
      }
    }
  }

  private static void assertLists(Segments actual, Reference expected) {
    assertThat(actual.keys())
        .containsExactly(expected.firsts.keySet().stream().mapToLong(k -> k).toArray());
    int i = 0;
    for (int[] first : expected.firsts.values()) {
      assertThat(new int[] {actual.firstEdge(i), actual.secondEdge(i)}).containsExactly(first);
      i++;
    }
    assertThat(actual.instances()).isEqualTo(expected.instances);
    assertThat(actual.truncated()).isEqualTo(expected.truncated);
  }

  /**
   * {@code workers} threads that each {@code rounds} times take one lock, read and write one field
   * inside it and read or write a flag after it, all at the same sites, interleaved at random.
   */
  private static InterleavingGraph sameCode(Random random, int workers, int rounds) {
    TraceBuilder t = new TraceBuilder();
    long lock = TraceBuilder.lock(3);
    long total = field(4, 1);
    long flag = field(4, 2);
    int[] step = new int[workers];
    int holder = -1;
    int finished = 0;
    while (finished < workers) {
      int w = random.nextInt(workers);
      if (step[w] == 5 * rounds || (holder >= 0 && holder != w && step[w] % 5 == 0)) {
        continue;
      }
      switch (step[w]++ % 5) {
        case 0 -> {
          t.enter(w, lock, 10);
          holder = w;
        }
        case 1 -> t.read(w, total, 11);
        case 2 -> t.write(w, total, 12);
        case 3 -> {
          t.exit(w, lock, 13);
          holder = -1;
        }
        default -> {
          // one site, two kinds (as a wait and its wake-up share one): keys tell them apart
          if (random.nextInt(4) == 0) {
            t.write(w, flag, 14);
          } else {
            t.read(w, flag, 14);
          }
        }
      }
      if (step[w] == 5 * rounds) {
        finished++;
      }
    }
    return t.graph();
  }

  /** The enumeration's definition, pair by pair, up to a cap on the instances. */
  private static final class Reference {
    final Map<Long, int[]> firsts = new LinkedHashMap<>();
    long instances;
    boolean truncated;
    int thirdThreadRepeats;
    private final InterleavingGraph g;
    private final long cap;

    Reference(InterleavingGraph g, int window, long cap) {
      this.g = g;
      this.cap = cap;
      Map<Long, Integer> perShape = new HashMap<>();
      for (int e1 = 0; e1 < g.mutableEdgeCount() && !truncated; e1++) {
        long shape =
            g.siteKey(g.edgeSource(e1)) * 0x9E3779B97F4A7C15L + g.siteKey(g.edgeTarget(e1));
        if (perShape.merge(shape, 1, Integer::sum)
            > SegmentOptions.DEFAULT.instancesPerEdgeShape()) {
          continue;
        }
        int a = g.edgeSource(e1);
        int b = g.edgeTarget(e1);
        for (int i = 0; i < g.eventsInThread(g.thread(a)) && !truncated; i++) {
          int x = g.event(g.thread(a), i);
          if (Math.abs(g.accessIndex(x) - g.accessIndex(a)) > window) {
            continue;
          }
          for (int j = 0; j < g.incidentCount(x) && !truncated; j++) {
            int e2 = g.incidentEdge(x, j);
            int y = g.otherEndpoint(e2, x);
            if (e2 > e1
                && g.thread(y) == g.thread(b)
                && Math.abs(g.accessIndex(y) - g.accessIndex(b)) <= window) {
              add(e1, e2);
            }
          }
        }
        thirdThreads(e1, a, b);
        thirdThreads(e1, b, a);
      }
    }

    /** Per third thread at {@code shared}: its edges nearest before and after {@code other}. */
    private void thirdThreads(int e1, int shared, int other) {
      List<Long> keysOfLoop = new ArrayList<>();
      int n = g.incidentCount(shared);
      for (int start = 0; start < n && !truncated; ) {
        int v = g.thread(g.otherEndpoint(g.incidentEdge(shared, start), shared));
        int end = start;
        int split = -1;
        while (end < n && g.thread(g.otherEndpoint(g.incidentEdge(shared, end), shared)) == v) {
          if (split < 0 && g.otherEndpoint(g.incidentEdge(shared, end), shared) >= other) {
            split = end;
          }
          end++;
        }
        split = split < 0 ? end : split;
        if (v != g.thread(other) && v != g.thread(shared)) {
          for (int at : new int[] {split - 1, split}) {
            if (at >= start && at < end && !truncated) {
              long key = add(e1, g.incidentEdge(shared, at));
              thirdThreadRepeats += keysOfLoop.contains(key) ? 1 : 0;
              keysOfLoop.add(key);
            }
          }
        }
        start = end;
      }
    }

    private long add(int e1, int e2) {
      if (instances == cap) {
        truncated = true;
        return 0;
      }
      instances++;
      long key = SegmentKeys.key(g, e1, false, e2, false);
      firsts.putIfAbsent(key, new int[] {e1, e2});
      return key;
    }
  }
}
