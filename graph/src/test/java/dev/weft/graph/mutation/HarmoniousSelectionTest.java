package dev.weft.graph.mutation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.graph.InterleavingGraph;
import dev.weft.graph.TraceBuilder;
import dev.weft.graph.segment.SegmentEnumerator;
import dev.weft.graph.segment.SegmentOptions;
import dev.weft.graph.segment.Segments;
import dev.weft.trace.EventKind;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.jgrapht.Graph;
import org.jgrapht.alg.cycle.CycleDetector;
import org.jgrapht.graph.DefaultDirectedGraph;
import org.jgrapht.graph.DefaultEdge;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;

/**
 * On random traces: every schedule is a topological order of program order, causal edges and the
 * constraints of the segments placed in it (so never cyclic); segments called infeasible really
 * are; nothing is lost.
 */
class HarmoniousSelectionTest {
  @RepeatedTest(40)
  void schedulesAreAcyclicAndRespectProgramOrderAndTheirTargets(RepetitionInfo info) {
    Random random = new Random(1000 + info.getCurrentRepetition());
    InterleavingGraph g = randomTrace(random);
    Segments segments = new SegmentEnumerator(SegmentOptions.DEFAULT).enumerate(g);
    List<ImaginarySegment> imagined = InterleavingMutation.imagine(g, segments, k -> true);
    HarmoniousSelection.Plan plan = HarmoniousSelection.plan(g, imagined, random, 10_000);

    assertThat(plan.unplaced()).isEmpty();
    int accounted = plan.infeasible().size();
    for (PlannedSchedule p : plan.schedules()) {
      accounted += p.targets().size();
      Graph<Integer, DefaultEdge> required = baseGraph(g);
      for (PlanTarget s : p.targets()) {
        addConstraints(g, (ImaginarySegment) s, required);
      }
      assertThat(new CycleDetector<>(required).detectCycles()).isFalse();
      Schedule schedule = p.schedule();
      assertThat(schedule.length()).isEqualTo(g.vertexCount());
      for (DefaultEdge e : required.edgeSet()) {
        int u = required.getEdgeSource(e);
        int v = required.getEdgeTarget(e);
        assertThat(position(g, schedule, u)).isLessThan(position(g, schedule, v));
      }
    }
    assertThat(accounted).isEqualTo(imagined.size());
    for (PlanTarget s : plan.infeasible()) {
      Graph<Integer, DefaultEdge> alone = baseGraph(g);
      if (addConstraints(g, (ImaginarySegment) s, alone)) {
        assertThat(new CycleDetector<>(alone).detectCycles()).as("%s", s).isTrue();
      }
    }
  }

  private static int position(InterleavingGraph g, Schedule s, int v) {
    return s.position(s.threadIndex(g.threadName(g.thread(v))), g.indexInThread(v));
  }

  private static Graph<Integer, DefaultEdge> baseGraph(InterleavingGraph g) {
    Graph<Integer, DefaultEdge> out = new DefaultDirectedGraph<>(DefaultEdge.class);
    for (int v = 0; v < g.vertexCount(); v++) {
      out.addVertex(v);
    }
    for (int t = 0; t < g.threadCount(); t++) {
      for (int i = 1; i < g.eventsInThread(t); i++) {
        out.addEdge(g.event(t, i - 1), g.event(t, i));
      }
    }
    for (int e = 0; e < g.fixedEdgeCount(); e++) {
      out.addEdge(g.fixedEdgeSource(e), g.fixedEdgeTarget(e));
    }
    return out;
  }

  private static boolean addConstraints(
      InterleavingGraph g, ImaginarySegment s, Graph<Integer, DefaultEdge> out) {
    IntArrayList pairs = new IntArrayList();
    boolean possible = s.constraints(g, pairs);
    for (int i = 0; i < pairs.size(); i += 2) {
      if (pairs.getInt(i) != pairs.getInt(i + 1)) {
        out.addEdge(pairs.getInt(i), pairs.getInt(i + 1));
      }
    }
    return possible;
  }

  /** A random but lock-correct interleaving of 2-4 threads over a few variables and two locks. */
  static InterleavingGraph randomTrace(Random random) {
    int threads = 2 + random.nextInt(3);
    TraceBuilder t = new TraceBuilder();
    int main = 0;
    List<Integer> started = new ArrayList<>();
    started.add(main);
    int[] holder = {-1, -1};
    int[] held = new int[threads];
    int[] remaining = new int[threads];
    for (int th = 0; th < threads; th++) {
      remaining[th] = 10 + random.nextInt(30);
      held[th] = -1;
    }
    for (int th = 1; th < threads; th++) {
      int start = t.event(main, EventKind.THREAD_START, 90);
      int begin = t.event(th, EventKind.THREAD_BEGIN, 0);
      t.causal(start, begin);
      started.add(th);
    }
    while (true) {
      List<Integer> live = new ArrayList<>();
      for (int th : started) {
        if (remaining[th] > 0) {
          live.add(th);
        }
      }
      if (live.isEmpty()) {
        break;
      }
      int th = live.get(random.nextInt(live.size()));
      remaining[th]--;
      int choice = random.nextInt(10);
      if (held[th] >= 0 && (choice < 2 || remaining[th] == 0)) {
        t.exit(th, TraceBuilder.lock(held[th]), 60 + held[th]);
        holder[held[th]] = -1;
        held[th] = -1;
      } else if (held[th] < 0 && choice < 2) {
        int l = random.nextInt(2);
        if (holder[l] < 0) {
          t.enter(th, TraceBuilder.lock(l), 50 + l);
          holder[l] = th;
          held[th] = l;
          remaining[th] = Math.max(remaining[th], 1);
        }
      } else {
        long location = TraceBuilder.field(7, random.nextInt(3));
        int site = 10 * th + random.nextInt(5);
        if (random.nextBoolean()) {
          t.read(th, location, site);
        } else {
          t.write(th, location, site + 100);
        }
      }
    }
    return t.graph();
  }
}
