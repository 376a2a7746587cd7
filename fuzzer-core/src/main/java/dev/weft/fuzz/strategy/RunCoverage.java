package dev.weft.fuzz.strategy;

import dev.weft.graph.GraphBudget;
import dev.weft.graph.GraphBuilder;
import dev.weft.graph.TraceWindow;
import dev.weft.graph.segment.SegmentEnumerator;
import dev.weft.graph.segment.SegmentOptions;
import dev.weft.runtime.api.RunResult;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.function.IntToLongFunction;

/**
 * Every segment coverage key of one run, computed the way the segment strategy computes them (same
 * graph, same enumeration, same options), so that a key a campaign recorded and a key found again
 * by re-running its entry are the same number. A run longer than the graph budget is analysed on
 * each of its windows in turn: the strategy saw one window per run, and which one depended on the
 * campaign's turn, so only all of them together are sure to hold the recorded keys.
 */
public final class RunCoverage {
  private final IntToLongFunction siteKeys;
  private final GraphBudget budget;
  private final SegmentEnumerator enumerator = new SegmentEnumerator(SegmentOptions.DEFAULT);

  public RunCoverage(IntToLongFunction siteKeys, GraphBudget budget) {
    this.siteKeys = siteKeys;
    this.budget = budget;
  }

  /** The run's keys, sorted. */
  public long[] keys(RunResult run) {
    int events = run.trace().size();
    LongOpenHashSet keys = new LongOpenHashSet();
    for (int w = 0; w < budget.windows(events); w++) {
      TraceWindow window = budget.window(events, w);
      keys.addAll(
          it.unimi.dsi.fastutil.longs.LongArrayList.wrap(
              enumerator
                  .enumerate(GraphBuilder.build(run.trace(), run.threadNames(), siteKeys, window))
                  .keys()));
    }
    long[] sorted = keys.toLongArray();
    java.util.Arrays.sort(sorted);
    return sorted;
  }
}
