package dev.weft.graph;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.graph.segment.SegmentEnumerator;
import dev.weft.graph.segment.SegmentOptions;
import dev.weft.graph.segment.Segments;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A graph's table of where each thread's edges begin at each vertex answers the incidence searches
 * exactly as the searches it replaces, and the segments enumerated with it are the same.
 */
class ThreadGroupTableTest {
  @Test
  void answersEveryGroupAndRangeQueryAsTheSearchesDo() {
    for (int workers : new int[] {2, 3, 12}) {
      for (long seed = 0; seed < 4; seed++) {
        InterleavingGraph g = TraceBuilder.randomRun(new Random(seed), 1500, workers).graph();
        InterleavingGraph searched = InterleavingGraph.withoutGroupTable(g);
        int threads = g.threadCount();
        // the table is there: it is what the footprint counts on top
        assertThat(g.footprintBytes() - searched.footprintBytes())
            .isEqualTo(4L * g.vertexCount() * (threads + 1));
        Random queries = new Random(seed);
        for (int v = 0; v < g.vertexCount(); v++) {
          for (int start = 0; start < g.incidentCount(v); ) {
            int end = g.incidentGroupEnd(v, start);
            assertThat(end)
                .isEqualTo(searched.incidentGroupEnd(v, start))
                .isEqualTo(scan(g, v, start));
            start = end;
          }
          for (int t = 0; t < threads; t++) {
            int events = g.eventsInThread(t);
            for (int q = 0; q < 6; q++) {
              int from = queries.nextInt(events + 4) - 2;
              int to = from + queries.nextInt(12) - 1;
              assertThat(g.incidentRange(v, t, from, to))
                  .as("v %d thread %d [%d, %d]", v, t, from, to)
                  .isEqualTo(searched.incidentRange(v, t, from, to))
                  .isEqualTo(scanRange(g, v, t, from, to));
            }
          }
        }
        SegmentEnumerator enumerator = new SegmentEnumerator(SegmentOptions.DEFAULT);
        assertSame(enumerator.enumerate(g), enumerator.enumerate(searched));
      }
    }
  }

  @Test
  void largeGraphsKeepNoTableAndStillFindTheirGroups() {
    // 31 threads times more than 8,500 events: past the most entries a graph keeps
    InterleavingGraph g = TraceBuilder.randomRun(new Random(7), 9000, 30).graph();
    assertThat((long) g.vertexCount() * (g.threadCount() + 1))
        .isGreaterThan(InterleavingGraph.MAX_GROUP_ENTRIES);
    assertThat(g.footprintBytes())
        .isEqualTo(InterleavingGraph.withoutGroupTable(g).footprintBytes());
    for (int v = 0; v < g.vertexCount(); v += 7) {
      for (int start = 0; start < g.incidentCount(v); start = g.incidentGroupEnd(v, start)) {
        assertThat(g.incidentGroupEnd(v, start)).isEqualTo(scan(g, v, start));
      }
    }
  }

  /** The end of the group at {@code start}, by looking at every entry. */
  private static int scan(InterleavingGraph g, int v, int start) {
    int end = start;
    while (end < g.incidentCount(v) && g.incidentThread(v, end) == g.incidentThread(v, start)) {
      end++;
    }
    return end;
  }

  /** {@link InterleavingGraph#incidentRange(int, int, int, int)}, by looking at every entry. */
  private static long scanRange(InterleavingGraph g, int v, int t, int fromIndex, int toIndex) {
    int start = -1;
    int end = -1;
    for (int i = 0; i < g.incidentCount(v); i++) {
      int other = g.otherEndpoint(g.incidentEdge(v, i), v);
      boolean before =
          g.thread(other) < t || (g.thread(other) == t && g.indexInThread(other) < fromIndex);
      boolean within = g.thread(other) == t && !before && g.indexInThread(other) <= toIndex;
      if (before) {
        start = i + 1;
      } else if (within) {
        end = i + 1;
      }
    }
    start = Math.max(start, 0);
    return ((long) start << 32) | Math.max(end, start);
  }

  private static void assertSame(Segments a, Segments b) {
    assertThat(a.size()).isEqualTo(b.size()).isPositive();
    assertThat(a.instances()).isEqualTo(b.instances());
    assertThat(a.window()).isEqualTo(b.window());
    assertThat(a.truncated()).isEqualTo(b.truncated());
    for (int i = 0; i < a.size(); i++) {
      assertThat(a.key(i)).isEqualTo(b.key(i));
      assertThat(a.firstEdge(i)).isEqualTo(b.firstEdge(i));
      assertThat(a.secondEdge(i)).isEqualTo(b.secondEdge(i));
    }
  }
}
