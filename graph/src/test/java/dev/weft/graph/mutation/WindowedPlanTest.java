package dev.weft.graph.mutation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.graph.GraphBudget;
import dev.weft.graph.InterleavingGraph;
import dev.weft.graph.TraceBuilder;
import dev.weft.graph.TraceWindow;
import dev.weft.graph.segment.SegmentEnumerator;
import dev.weft.graph.segment.SegmentOptions;
import dev.weft.graph.segment.Segments;
import dev.weft.trace.Trace;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A schedule planned on a window of a run over the graph budget is a schedule of the whole run:
 * every event before the window in its observed order, then the window's events in an order that
 * keeps program order, causal edges and its targets' constraints, then nothing named.
 */
class WindowedPlanTest {
  private static final int EVENTS = 16_000;
  private static final GraphBudget BUDGET = new GraphBudget(2_000);

  @Test
  void windowSchedulesReplayThePrefixThenThePlanAndLeaveTheRestFree() {
    Random random = new Random(21);
    TraceBuilder run = TraceBuilder.randomRun(random, EVENTS, 3);
    Trace trace = run.trace();
    int planned = 0;
    for (int turn = 0; turn < BUDGET.windows(EVENTS); turn++) {
      TraceWindow w = BUDGET.window(EVENTS, turn);
      InterleavingGraph g = run.graph(w);
      Segments segments = new SegmentEnumerator(SegmentOptions.DEFAULT).enumerate(g);
      HarmoniousSelection.Plan plan =
          HarmoniousSelection.plan(
              g, InterleavingMutation.imagine(g, segments, k -> true), random, 4);
      for (PlannedSchedule p : plan.schedules()) {
        planned++;
        Schedule s = p.schedule();
        assertThat(s.length()).isEqualTo(w.size());
        assertThat(s.prefix().length()).isEqualTo(w.from());
        boolean[] taken = new boolean[w.to()];
        int[] last = new int[trace.threadCount()];
        java.util.Arrays.fill(last, -1);
        for (int v = 0; v < EVENTS; v++) {
          int position = position(s, g, trace, v);
          if (v >= w.to()) {
            check(position == Schedule.UNSCHEDULED, "event %d after the window is named", v);
            continue;
          }
          check(v >= w.from() || position == v, "prefix event %d is at %d", v, position);
          check(
              v < w.from() || (position >= w.from() && position < w.to()),
              "window event %d is at %d",
              v,
              position);
          check(!taken[position], "position %d twice", position);
          taken[position] = true;
          int t = trace.thread(v);
          check(position > last[t], "program order broken at %d", v);
          last[t] = position;
        }
        for (int e = 0; e < trace.causalEdgeCount(); e++) {
          int before = trace.causalEdgeSource(e);
          int after = trace.causalEdgeTarget(e);
          if (after < w.to()) {
            assertThat(position(s, g, trace, before)).isLessThan(position(s, g, trace, after));
          }
        }
        IntArrayList constraints = new IntArrayList();
        for (PlanTarget target : p.targets()) {
          assertThat(target.constraints(g, constraints)).isTrue();
        }
        for (int i = 0; i < constraints.size(); i += 2) {
          int before = w.from() + constraints.getInt(i);
          int after = w.from() + constraints.getInt(i + 1);
          if (before != after) {
            assertThat(position(s, g, trace, before)).isLessThan(position(s, g, trace, after));
          }
        }
      }
    }
    assertThat(planned).as("schedules planned on windows").isGreaterThan(BUDGET.windows(EVENTS));
  }

  /** A plain check: assertj's per-call cost adds up over every event of every schedule. */
  private static void check(boolean ok, String format, Object... args) {
    if (!ok) {
      throw new AssertionError(String.format(format, args));
    }
  }

  /** The schedule's position of run event {@code v}, looked up as the follower does. */
  private static int position(Schedule s, InterleavingGraph g, Trace trace, int v) {
    return s.position(s.threadIndex(g.threadName(trace.thread(v))), trace.indexInThread(v));
  }
}
