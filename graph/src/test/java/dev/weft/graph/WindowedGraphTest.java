package dev.weft.graph;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A graph of a window of a long run is bounded by the budget and is the run's graph cut down. */
class WindowedGraphTest {
  private static final int EVENTS = 40_000;
  private static final GraphBudget BUDGET = new GraphBudget(3_000);

  @Test
  void everyWindowOfARunOverTheBudgetGivesAGraphWithinIt() {
    TraceBuilder run = TraceBuilder.randomRun(new Random(11), EVENTS, 3);
    InterleavingGraph whole = run.graph();
    assertThat(whole.vertexCount()).isGreaterThan(10 * BUDGET.maxEvents());
    int windows = BUDGET.windows(EVENTS);
    assertThat(windows).isGreaterThan(20);
    for (int turn = 0; turn < windows; turn++) {
      TraceWindow w = BUDGET.window(EVENTS, turn);
      InterleavingGraph g = run.graph(w);
      assertThat(g.vertexCount()).isLessThanOrEqualTo(BUDGET.maxEvents());
      assertThat(g.firstEvent()).isEqualTo(w.from());
      assertThat(g.prefix().length()).isEqualTo(w.from());
      assertThat(edges(g, w.from())).isEqualTo(edgesWithin(whole, w));
      for (int v = 0; v < g.vertexCount(); v++) {
        int inRun = w.from() + v;
        assertThat(g.thread(v)).isEqualTo(whole.thread(inRun));
        assertThat(g.siteKey(v)).isEqualTo(whole.siteKey(inRun));
        assertThat(g.prefix().count(g.thread(v)) + g.indexInThread(v))
            .isEqualTo(whole.indexInThread(inRun));
        assertThat(g.event(g.thread(v), g.indexInThread(v))).isEqualTo(v);
      }
    }
  }

  @Test
  void thePrefixListsEachThreadsEarlierEventsInRunOrder() {
    TraceBuilder run = TraceBuilder.randomRun(new Random(12), 10_000, 2);
    InterleavingGraph whole = run.graph();
    InterleavingGraph g = run.graph(new TraceWindow(6_000, 9_000));
    int total = 0;
    for (int t = 0; t < whole.threadCount(); t++) {
      for (int i = 0; i < g.prefix().count(t); i++) {
        int event = g.prefix().position(t, i);
        assertThat(event).isLessThan(6_000).isEqualTo(whole.event(t, i));
      }
      total += g.prefix().count(t);
    }
    assertThat(total).isEqualTo(6_000);
  }

  /** Mutable edges of {@code g} as run-global "source->target" strings. */
  private static List<String> edges(InterleavingGraph g, int offset) {
    List<String> out = new ArrayList<>();
    for (int e = 0; e < g.mutableEdgeCount(); e++) {
      out.add((offset + g.edgeSource(e)) + "->" + (offset + g.edgeTarget(e)));
    }
    return out;
  }

  /**
   * The run graph's edges with both ends in the window: each event's nearest conflicting event of
   * another thread, if it lies in the window, is its nearest one there too.
   */
  private static List<String> edgesWithin(InterleavingGraph whole, TraceWindow w) {
    List<String> out = new ArrayList<>();
    for (int e = 0; e < whole.mutableEdgeCount(); e++) {
      int s = whole.edgeSource(e);
      int t = whole.edgeTarget(e);
      if (s >= w.from() && t < w.to()) {
        out.add(s + "->" + t);
      }
    }
    return out;
  }
}
