package dev.weft.graph;

import static dev.weft.graph.TraceBuilder.field;
import static dev.weft.graph.TraceBuilder.lock;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.trace.EventKind;
import dev.weft.trace.Trace;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class GraphBuilderTest {
  private static final long X = field(1, 7);
  private static final long Y = field(1, 8);

  private static List<String> edges(InterleavingGraph g) {
    List<String> out = new ArrayList<>();
    for (int e = 0; e < g.mutableEdgeCount(); e++) {
      out.add(g.edgeSource(e) + "->" + g.edgeTarget(e));
    }
    return out;
  }

  @Test
  void connectsConflictingAccessesOfDifferentThreadsInRunOrder() {
    TraceBuilder t = new TraceBuilder();
    t.write(0, X, 1); // 0
    t.read(1, X, 2); // 1
    t.read(1, X, 2); // 2
    t.read(0, Y, 3); // 3: no other thread touches y
    t.read(0, X, 4); // 4: read-read with 1 and 2 is no conflict
    InterleavingGraph g = t.graph();
    assertThat(edges(g)).containsExactly("0->1", "0->2");
  }

  @Test
  void keepsBothTheLatestPrecedingAndTheEarliestFollowingConflict() {
    // Seed 002's intuition: two reads of x by one thread, then a write by another.
    TraceBuilder t = new TraceBuilder();
    t.read(0, X, 1);
    t.read(0, X, 2);
    t.write(1, X, 3);
    assertThat(edges(t.graph())).containsExactly("0->2", "1->2");
  }

  @Test
  void staysSparseOnLongRunsOfAccesses() {
    TraceBuilder t = new TraceBuilder();
    for (int i = 0; i < 100; i++) {
      t.write(0, X, 1);
    }
    for (int i = 0; i < 100; i++) {
      t.read(1, X, 2);
    }
    InterleavingGraph g = t.graph();
    // every read gets an edge from the last write, every write one to the first read: linear,
    // where all conflicting pairs would be 100 * 100
    assertThat(g.mutableEdgeCount()).isEqualTo(199);
    assertThat(g.incidentCount(99)).isEqualTo(100);
    assertThat(g.incidentCount(0)).isEqualTo(1);
  }

  @Test
  void joinsAnAccessToTheNearestOtherThreadsOnly() {
    // twenty threads write x in turn, then one more reads it
    int writers = 20;
    TraceBuilder t = new TraceBuilder();
    int[] write = new int[writers];
    for (int w = 0; w < writers; w++) {
      write[w] = t.write(w, X, 1);
    }
    int read = t.read(writers, X, 2);
    InterleavingGraph g = t.graph();
    int k = GraphBuilder.NEAREST_THREADS;
    assertThat(edges(g))
        .as("the read, from the last %d writers only", k)
        .contains(write[writers - 1] + "->" + read, write[writers - k] + "->" + read)
        .doesNotContain(write[writers - k - 1] + "->" + read);
    assertThat(edges(g))
        .as("the first write, to the next %d only", k)
        .contains(write[0] + "->" + write[1], write[0] + "->" + write[k])
        .doesNotContain(write[0] + "->" + write[k + 1]);
    assertThat(g.incidentCount(read)).isEqualTo(k);
  }

  @Test
  void keepsEveryConflictOrderedThroughTheEdgesItKeeps() {
    // far more threads than an access is joined to, in short bursts: every pair of conflicting
    // accesses must still be ordered by a path of kept edges and program order, or a schedule
    // planned on the graph could reorder a conflict nobody chose to flip
    for (int seed = 0; seed < 5; seed++) {
      Trace trace = TraceBuilder.randomRun(new Random(seed), 3000, 30).trace();
      InterleavingGraph g = GraphBuilder.build(trace, threadNames(31), site -> site);
      int n = g.vertexCount();
      List<List<Integer>> successors = new ArrayList<>();
      for (int v = 0; v < n; v++) {
        successors.add(new ArrayList<>());
      }
      for (int e = 0; e < g.mutableEdgeCount(); e++) {
        successors.get(g.edgeSource(e)).add(g.edgeTarget(e));
      }
      for (int t = 0; t < g.threadCount(); t++) {
        for (int i = 1; i < g.eventsInThread(t); i++) {
          successors.get(g.event(t, i - 1)).add(g.event(t, i));
        }
      }
      BitSet[] reaches = new BitSet[n];
      for (int v = n - 1; v >= 0; v--) {
        reaches[v] = new BitSet(n);
        for (int w : successors.get(v)) {
          reaches[v].set(w);
          reaches[v].or(reaches[w]);
        }
      }
      int conflicts = 0;
      for (int a = 0; a < n; a++) {
        for (int b = a + 1; b < n; b++) {
          if (trace.thread(a) != trace.thread(b)
              && trace.kind(a).isAccess()
              && trace.location(a) == trace.location(b)
              && (trace.kind(a).writes() || trace.kind(b).writes())) {
            conflicts++;
            assertThat(reaches[a].get(b)).as("seed %d: %d before %d", seed, a, b).isTrue();
          }
        }
      }
      int accesses = 0;
      for (int v = 0; v < n; v++) {
        accesses += trace.kind(v).isAccess() ? 1 : 0;
      }
      assertThat(g.mutableEdgeCount())
          .as("%d conflicting pairs", conflicts)
          .isLessThanOrEqualTo(2 * GraphBuilder.NEAREST_THREADS * accesses);
    }
  }

  private static List<String> threadNames(int count) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      names.add("t" + i);
    }
    return names;
  }

  @Test
  void groupsTheEdgesAtAVertexByTheOtherThreadAndSplitsAGroupByPosition() {
    // one write of x, read 1, 3 and 100 times by three threads: groups of every size around it
    TraceBuilder t = new TraceBuilder();
    int write = t.write(0, X, 1);
    int[] reads = {1, 3, 100};
    int[] firstOf = new int[4];
    for (int thread = 1; thread <= 3; thread++) {
      firstOf[thread] = t.read(thread, X, 2);
      for (int i = 1; i < reads[thread - 1]; i++) {
        t.read(thread, X, 2);
      }
    }
    InterleavingGraph g = t.graph();
    assertThat(g.incidentCount(write)).isEqualTo(104);
    int start = 0;
    for (int thread = 1; thread <= 3; thread++) {
      int end = g.incidentGroupEnd(write, start);
      assertThat(end - start).as("edges to thread %d", thread).isEqualTo(reads[thread - 1]);
      for (int i = start; i < end; i++) {
        assertThat(g.thread(g.otherEndpoint(g.incidentEdge(write, i), write))).isEqualTo(thread);
        assertThat(g.incidentThread(write, i)).isEqualTo(thread);
      }
      // the first edge to an event at or after the given one
      int middle = firstOf[thread] + reads[thread - 1] / 2;
      assertThat(g.incidentSplit(write, start, end, middle))
          .isEqualTo(start + reads[thread - 1] / 2);
      assertThat(g.incidentSplit(write, start, end, 0)).isEqualTo(start);
      assertThat(g.incidentSplit(write, start, end, Integer.MAX_VALUE)).isEqualTo(end);
      start = end;
    }
    assertThat(start).isEqualTo(g.incidentCount(write));
    // the edges to events 10..20 of thread 3 (which follow 1 + 3 edges to threads 1 and 2)
    long range = g.incidentRange(write, 3, 10, 20);
    assertThat((int) (range >>> 32)).isEqualTo(4 + 10);
    assertThat((int) range).isEqualTo(4 + 21);
    long first = g.incidentRange(write, 1, 0, 0);
    assertThat((int) (first >>> 32)).isZero();
    assertThat((int) first).isEqualTo(1);
    long past = g.incidentRange(write, 3, 100, 120);
    assertThat((int) (past >>> 32)).isEqualTo((int) past).isEqualTo(104);
  }

  @Test
  void lockOperationsConflictAsWritesToTheLock() {
    TraceBuilder t = new TraceBuilder();
    long l = lock(3);
    t.enter(0, l, 1); // 0
    t.exit(0, l, 2); // 1
    t.enter(1, l, 1); // 2
    t.exit(1, l, 2); // 3
    InterleavingGraph g = t.graph();
    assertThat(edges(g)).contains("1->2", "0->2");
    assertThat(g.sections().count()).isEqualTo(2);
    assertThat(g.sections().sectionOf(0)).isEqualTo(0);
    assertThat(g.sections().last(0)).isEqualTo(1);
    assertThat(g.sections().first(1)).isEqualTo(2);
  }

  @Test
  void reentrantEntersStayInOneSectionAndNestedLocksAreEnclosed() {
    TraceBuilder t = new TraceBuilder();
    long a = lock(3);
    long b = lock(4);
    t.enter(0, a, 1); // 0
    t.enter(0, a, 1); // 1 reentrant
    t.enter(0, b, 2); // 2
    t.write(0, X, 3); // 3
    t.exit(0, b, 4); // 4
    t.exit(0, a, 5); // 5
    t.read(0, X, 6); // 6 still inside a
    t.exit(0, a, 5); // 7
    t.read(0, X, 6); // 8 outside
    CriticalSections s = t.graph().sections();
    assertThat(s.count()).isEqualTo(2);
    assertThat(s.sectionOf(3)).isEqualTo(1);
    assertThat(s.enclosing(1)).isEqualTo(0);
    assertThat(s.sectionOf(6)).isEqualTo(0);
    assertThat(s.last(0)).isEqualTo(7);
    assertThat(s.sectionOf(8)).isEqualTo(CriticalSections.NONE);
  }

  @Test
  void keepsCausalEdgesApartFromMutableOnes() {
    TraceBuilder t = new TraceBuilder();
    int start = t.event(0, EventKind.THREAD_START, 1);
    int begin = t.event(1, EventKind.THREAD_BEGIN, 0);
    t.causal(start, begin);
    InterleavingGraph g = t.graph();
    assertThat(g.mutableEdgeCount()).isZero();
    assertThat(g.fixedEdgeCount()).isEqualTo(1);
    assertThat(g.fixedEdgeSource(0)).isEqualTo(start);
    assertThat(g.fixedEdgeTarget(0)).isEqualTo(begin);
  }
}
