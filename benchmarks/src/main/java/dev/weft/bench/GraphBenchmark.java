package dev.weft.bench;

import dev.weft.graph.GraphBuilder;
import dev.weft.graph.InterleavingGraph;
import dev.weft.graph.mutation.ChainDag;
import dev.weft.graph.mutation.HarmoniousSelection;
import dev.weft.graph.mutation.ImaginarySegment;
import dev.weft.graph.mutation.InterleavingMutation;
import dev.weft.graph.segment.SegmentEnumerator;
import dev.weft.graph.segment.SegmentOptions;
import dev.weft.graph.segment.Segments;
import dev.weft.trace.Trace;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.jgrapht.graph.DefaultEdge;
import org.jgrapht.graph.DirectedAcyclicGraph;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The three per-run steps of the segment strategy on synthetic traces: building the interleaving
 * graph, enumerating segments, and one full mutation batch (imaginary segments, harmonious
 * selection into at most 32 schedules, topological sorts). Also the cycle check behind harmonious
 * selection, Weft's chain-aware one against JGraphT's {@code DirectedAcyclicGraph}, on the same 200
 * segments' constraints. Add {@code -prof gc} for bytes allocated per operation; {@link PeakMemory}
 * measures peak heap.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgs = {"-Xmx512m"})
public class GraphBenchmark {
  @Param({"1000", "10000", "100000"})
  public int events;

  @Param({"2", "4", "8"})
  public int threads;

  private Trace trace;
  private List<String> names;
  private InterleavingGraph graph;
  private Segments segments;
  private List<ImaginarySegment> sample;

  @Setup(Level.Trial)
  public void setUp() {
    trace = SyntheticTraces.generate(events, threads, 42);
    names = SyntheticTraces.threadNames(threads);
    graph = GraphBuilder.build(trace, names, SyntheticTraces::siteKey);
    segments = new SegmentEnumerator(SegmentOptions.DEFAULT).enumerate(graph);
    List<ImaginarySegment> all = InterleavingMutation.imagine(graph, segments, k -> true);
    sample = all.subList(0, Math.min(200, all.size()));
  }

  @Benchmark
  public InterleavingGraph buildGraph() {
    return GraphBuilder.build(trace, names, SyntheticTraces::siteKey);
  }

  @Benchmark
  public Segments enumerateSegments() {
    return new SegmentEnumerator(SegmentOptions.DEFAULT).enumerate(graph);
  }

  @Benchmark
  public HarmoniousSelection.Plan mutationBatch() {
    return new InterleavingMutation(new Random(7), 32).mutate(graph, segments, k -> true);
  }

  @Benchmark
  public int cycleChecksChainDag() {
    ChainDag dag = new ChainDag(graph);
    int placed = 0;
    for (ImaginarySegment s : sample) {
      int[] c = constraints(s);
      int mark = dag.mark();
      if (dag.tryAdd(c[0], c[1]) && dag.tryAdd(c[2], c[3])) {
        placed++;
      } else {
        dag.rollback(mark);
      }
    }
    return placed;
  }

  @Benchmark
  public int cycleChecksJgrapht() {
    DirectedAcyclicGraph<Integer, DefaultEdge> dag = new DirectedAcyclicGraph<>(DefaultEdge.class);
    for (int v = 0; v < graph.vertexCount(); v++) {
      dag.addVertex(v);
    }
    for (int t = 0; t < graph.threadCount(); t++) {
      for (int i = 1; i < graph.eventsInThread(t); i++) {
        dag.addEdge(graph.event(t, i - 1), graph.event(t, i));
      }
    }
    for (int e = 0; e < graph.fixedEdgeCount(); e++) {
      dag.addEdge(graph.fixedEdgeSource(e), graph.fixedEdgeTarget(e));
    }
    int placed = 0;
    for (ImaginarySegment s : sample) {
      int[] c = constraints(s);
      DefaultEdge first = null;
      try {
        first = dag.addEdge(c[0], c[1]);
        dag.addEdge(c[2], c[3]);
        placed++;
      } catch (IllegalArgumentException cycle) {
        if (first != null) {
          dag.removeEdge(first);
        }
      }
    }
    return placed;
  }

  private int[] constraints(ImaginarySegment s) {
    int a = s.firstFlipped() ? graph.edgeTarget(s.firstEdge()) : graph.edgeSource(s.firstEdge());
    int b = s.firstFlipped() ? graph.edgeSource(s.firstEdge()) : graph.edgeTarget(s.firstEdge());
    int c = s.secondFlipped() ? graph.edgeTarget(s.secondEdge()) : graph.edgeSource(s.secondEdge());
    int d = s.secondFlipped() ? graph.edgeSource(s.secondEdge()) : graph.edgeTarget(s.secondEdge());
    return new int[] {a, b, c, d};
  }
}
