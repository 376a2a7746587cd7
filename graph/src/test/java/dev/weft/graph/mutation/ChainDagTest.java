package dev.weft.graph.mutation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.graph.InterleavingGraph;
import dev.weft.graph.TraceBuilder;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.jgrapht.Graph;
import org.jgrapht.graph.DefaultDirectedGraph;
import org.jgrapht.graph.DefaultEdge;
import org.jgrapht.traverse.DepthFirstIterator;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;

/** The chain-aware cycle check against JGraphT's general reachability on random graphs. */
class ChainDagTest {
  @RepeatedTest(30)
  void agreesWithJgraphtOnReachabilityAndCycles(RepetitionInfo info) {
    Random random = new Random(info.getCurrentRepetition());
    int threads = 2 + random.nextInt(4);
    TraceBuilder t = new TraceBuilder();
    int n = 20 + random.nextInt(40);
    for (int i = 0; i < n; i++) {
      t.read(random.nextInt(threads), TraceBuilder.field(1, i), i);
    }
    InterleavingGraph g = t.graph();
    ChainDag dag = new ChainDag(g);
    Graph<Integer, DefaultEdge> oracle = new DefaultDirectedGraph<>(DefaultEdge.class);
    for (int v = 0; v < g.vertexCount(); v++) {
      oracle.addVertex(v);
    }
    for (int th = 0; th < g.threadCount(); th++) {
      for (int i = 1; i < g.eventsInThread(th); i++) {
        oracle.addEdge(g.event(th, i - 1), g.event(th, i));
      }
    }
    for (int k = 0; k < 40; k++) {
      int u = random.nextInt(n);
      int v = random.nextInt(n);
      boolean cyclic = u == v || reaches(oracle, v, u);
      assertThat(dag.closesCycle(u, v)).as("%d -> %d", u, v).isEqualTo(cyclic);
      if (!cyclic) {
        assertThat(dag.tryAdd(u, v)).isTrue();
        oracle.addEdge(u, v);
      }
      int a = random.nextInt(n);
      int b = random.nextInt(n);
      assertThat(dag.reaches(a, b)).isEqualTo(reaches(oracle, a, b));
    }
    int[] order = dag.topologicalOrder();
    int[] position = new int[n];
    for (int p = 0; p < n; p++) {
      position[order[p]] = p;
    }
    for (DefaultEdge e : oracle.edgeSet()) {
      assertThat(position[oracle.getEdgeSource(e)]).isLessThan(position[oracle.getEdgeTarget(e)]);
    }
  }

  private static boolean reaches(Graph<Integer, DefaultEdge> g, int from, int to) {
    Set<Integer> seen = new HashSet<>();
    new DepthFirstIterator<>(g, from).forEachRemaining(seen::add);
    return seen.contains(to);
  }
}
