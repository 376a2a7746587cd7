package dev.weft.fuzz.strategy;

import dev.weft.graph.GraphBudget;
import dev.weft.graph.segment.SegmentOptions;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.strategy.PartialOrderSampling;
import dev.weft.runtime.strategy.Pct;
import dev.weft.runtime.strategy.Pctvb;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.runtime.strategy.Surw;
import dev.weft.runtime.trace.SiteTable;
import java.util.Locale;
import java.util.function.IntToLongFunction;

/** Builds a strategy from its command-line name. */
public final class Strategies {
  public static final String NAMES = "segment, pct, pctvb, pos, surw, random";

  private Strategies() {}

  /** Stable site keys read from a site table. */
  public static IntToLongFunction siteKeys(SiteTable sites) {
    return sites::stableKey;
  }

  /**
   * @param siteKeys stable key of a site id, for strategies that compare runs ({@code segment})
   */
  public static Strategy create(String name, int depth, long seed, IntToLongFunction siteKeys) {
    return create(name, depth, seed, siteKeys, GraphBudget.DEFAULT);
  }

  /**
   * @param budget the most events of a run one interleaving graph covers ({@code segment})
   */
  public static Strategy create(
      String name, int depth, long seed, IntToLongFunction siteKeys, GraphBudget budget) {
    return create(name, depth, 0, seed, siteKeys, budget);
  }

  /**
   * @param threadsBound thread bounding of {@code pct} and {@code pctvb} (0: off); an error with
   *     any other strategy
   */
  public static Strategy create(
      String name,
      int depth,
      int threadsBound,
      long seed,
      IntToLongFunction siteKeys,
      GraphBudget budget) {
    String key = name.toLowerCase(Locale.ROOT);
    if (threadsBound > 0 && !key.equals("pct") && !key.equals("pctvb")) {
      throw new IllegalArgumentException(
          "--threads-bound applies to pct and pctvb, not to " + name);
    }
    switch (key) {
      case "segment":
        return new SegmentStrategy(siteKeys, depth, seed, SegmentOptions.DEFAULT, budget);
      case "random":
        return new RandomWalk(seed);
      case "pct":
        return new Pct(depth, seed, threadsBound);
      case "pctvb":
        return new Pctvb(depth, seed, threadsBound);
      case "pos":
        return new PartialOrderSampling(seed);
      case "surw":
        return new Surw(seed);
      default:
        throw new IllegalArgumentException("unknown strategy '" + name + "'; available: " + NAMES);
    }
  }
}
