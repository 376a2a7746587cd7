package dev.weft.graph;

import static dev.weft.graph.TraceBuilder.field;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.trace.Trace;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class SiteConflictsTest {
  private static final long X = field(1, 7);

  private static Set<String> pairs(Trace trace) {
    Set<String> out = new TreeSet<>();
    for (long p : SiteConflicts.of(trace)) {
      out.add(SiteConflicts.first(p) + "<" + SiteConflicts.second(p));
    }
    return out;
  }

  @Test
  void pairsTheNearestConflictsBeforeAndAfterInRunOrder() {
    TraceBuilder t = new TraceBuilder();
    t.read(0, X, 1);
    t.write(0, X, 2);
    t.write(1, X, 3);
    t.read(0, X, 4);
    t.read(1, X, 5);
    // 1<3: the read of thread 0 and the later write of thread 1 (the graph's backward edge), though
    // thread 0 wrote in between; 2<3; 3<4; 2<5: thread 0's latest write before thread 1's read,
    // though thread 1 wrote after it; no pair of one thread, none of two reads
    assertThat(pairs(t.trace())).containsExactly("1<3", "2<3", "2<5", "3<4");
  }

  /**
   * Every conflict edge of the run's graph, as a pair of sites, is a pair, and nothing else is:
   * with a few threads and with more than an access is joined to.
   */
  @Test
  void givesTheSitePairsOfTheGraphsConflictEdges() {
    for (int seed = 0; seed < 20; seed++) {
      TraceBuilder t =
          TraceBuilder.randomRun(new Random(seed), 3_000, seed % 2 == 0 ? 2 + seed % 4 : 10 + seed);
      InterleavingGraph g = t.graph();
      Set<String> fromGraph = new TreeSet<>();
      for (int e = 0; e < g.mutableEdgeCount(); e++) {
        fromGraph.add(t.trace().site(g.edgeSource(e)) + "<" + t.trace().site(g.edgeTarget(e)));
      }
      assertThat(pairs(t.trace())).as("seed " + seed).isEqualTo(fromGraph);
    }
  }
}
