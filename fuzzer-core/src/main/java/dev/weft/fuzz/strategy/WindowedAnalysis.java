package dev.weft.fuzz.strategy;

import dev.weft.graph.AccessSlots;
import dev.weft.graph.ChunkRunner;
import dev.weft.graph.GraphBudget;
import dev.weft.graph.GraphBuilder;
import dev.weft.graph.InterleavingGraph;
import dev.weft.graph.TraceWindow;
import dev.weft.graph.readsfrom.ReadsFrom;
import dev.weft.graph.readsfrom.ReadsFromKeys;
import dev.weft.graph.segment.SegmentEnumerator;
import dev.weft.graph.segment.SegmentOptions;
import dev.weft.graph.segment.Segments;
import dev.weft.runtime.api.RunResult;
import java.util.Arrays;
import java.util.function.IntToLongFunction;

/**
 * Turns a finished run into the graph, segments and reads-from the segment strategy learns from,
 * within the {@link GraphBudget}: a run longer than the budget is analysed on one window of it. A
 * run that followed a schedule planned on a window is analysed on the same window, so that its
 * targets are looked for where they were planned; any other long run takes the next window in the
 * budget's rotation, so that over time all of a long run is analysed.
 */
final class WindowedAnalysis {
  /**
   * What one run gave; {@code readsFrom} and {@code readsFromKeys} are null when reads-from is off.
   */
  record Result(
      InterleavingGraph graph,
      Segments segments,
      ReadsFrom readsFrom,
      ReadsFromKeys readsFromKeys,
      TraceWindow window,
      int runEvents) {
    boolean windowed() {
      return !window.isWhole(runEvents);
    }
  }

  private final IntToLongFunction siteKeys;
  private final SegmentOptions options;
  private final SegmentEnumerator enumerator;
  private GraphBudget budget;
  private long turn;

  WindowedAnalysis(IntToLongFunction siteKeys, SegmentOptions options, GraphBudget budget) {
    this.siteKeys = siteKeys;
    this.options = options;
    this.enumerator = new SegmentEnumerator(options);
    this.budget = budget;
  }

  /**
   * @param plannedOn the graph the run's schedule was planned on, or null for a fresh run
   * @param chunks runs the chunks of the segment enumeration
   */
  Result analyse(RunResult run, InterleavingGraph plannedOn, ChunkRunner chunks) {
    int events = run.trace().size();
    TraceWindow window;
    if (budget.fits(events)) {
      window = TraceWindow.whole(events);
    } else if (plannedOn != null) {
      window = budget.windowAt(events, plannedOn.firstEvent());
    } else {
      window = budget.window(events, turn++);
    }
    return analyse(run, window, chunks);
  }

  /** The graph, segments and reads-from of {@code window} of {@code run}. */
  Result analyse(RunResult run, TraceWindow window) {
    return analyse(run, window, ChunkRunner.CALLER);
  }

  /**
   * Reads-from before segments: the segment enumeration is the part {@code chunks} may share with
   * the thread that waits for the analysis, which comes when the next run ends; what only one
   * thread can do is best done before it comes.
   */
  private Result analyse(RunResult run, TraceWindow window, ChunkRunner chunks) {
    AccessSlots access = AccessSlots.of(run.trace(), window.from(), window.size());
    InterleavingGraph graph =
        GraphBuilder.build(run.trace(), run.threadNames(), siteKeys, window, access);
    ReadsFrom rf = null;
    ReadsFromKeys rfKeys = null;
    if (options.readsFrom()) {
      rf = ReadsFrom.of(run.trace(), window, access);
      rfKeys = ReadsFromKeys.enumerate(graph, rf, options.window(), options.maxInstances());
    }
    Segments segments = enumerator.enumerate(graph, chunks);
    return new Result(graph, segments, rf, rfKeys, window, run.trace().size());
  }

  /** Every coverage key of a result: its segments' and its reads-from keys. */
  static long[] keys(Result result) {
    long[] segments = result.segments().keys();
    if (result.readsFromKeys() == null) {
      return segments;
    }
    long[] rf = result.readsFromKeys().keys();
    long[] all = Arrays.copyOf(segments, segments.length + rf.length);
    System.arraycopy(rf, 0, all, segments.length, rf.length);
    return all;
  }

  GraphBudget budget() {
    return budget;
  }

  /**
   * Halves the budget (not below {@link GraphBudget#MIN_EVENTS}) after an analysis ran out of
   * memory; returns whether it changed.
   */
  boolean shrink() {
    int half = Math.max(GraphBudget.MIN_EVENTS, budget.maxEvents() / 2);
    if (half == budget.maxEvents()) {
      return false;
    }
    budget = new GraphBudget(half);
    return true;
  }
}
