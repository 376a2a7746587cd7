package dev.weft.fuzz.strategy;

import dev.weft.graph.GraphBudget;
import dev.weft.graph.TraceWindow;
import dev.weft.graph.segment.SegmentOptions;
import dev.weft.runtime.api.RunResult;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.function.IntToLongFunction;

/**
 * Every coverage key of one run (segments and reads-from), computed the way the segment strategy
 * computes them (same graph, same enumeration, same options), so that a key a campaign recorded and
 * a key found again by re-running its entry are the same number. A run longer than the graph budget
 * is analysed on each of its windows in turn: the strategy saw one window per run, and which one
 * depended on the campaign's turn, so only all of them together are sure to hold the recorded keys.
 */
public final class RunCoverage {
  private final GraphBudget budget;
  private final WindowedAnalysis analysis;

  public RunCoverage(IntToLongFunction siteKeys, GraphBudget budget) {
    this.budget = budget;
    this.analysis = new WindowedAnalysis(siteKeys, SegmentOptions.DEFAULT, budget);
  }

  /** The run's keys, sorted. */
  public long[] keys(RunResult run) {
    int events = run.trace().size();
    LongOpenHashSet keys = new LongOpenHashSet();
    for (int w = 0; w < budget.windows(events); w++) {
      TraceWindow window = budget.window(events, w);
      keys.addAll(LongArrayList.wrap(WindowedAnalysis.keys(analysis.analyse(run, window))));
    }
    long[] sorted = keys.toLongArray();
    java.util.Arrays.sort(sorted);
    return sorted;
  }
}
