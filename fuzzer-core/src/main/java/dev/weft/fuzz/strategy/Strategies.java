package dev.weft.fuzz.strategy;

import dev.weft.graph.GraphBudget;
import dev.weft.graph.segment.SegmentOptions;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.strategy.PartialOrderSampling;
import dev.weft.runtime.strategy.Pct;
import dev.weft.runtime.strategy.Pctvb;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.runtime.strategy.Surw;
import dev.weft.trace.SiteTable;
import java.util.Locale;
import java.util.function.IntToLongFunction;

/** Builds a strategy from its command-line name. */
public final class Strategies {
  public static final String NAMES = "segment, pct, pctvb, pos, surw, random, bi";

  /** The interference bound of {@code bi} when none is given. */
  public static final int DEFAULT_INTERFERENCE = 2;

  /**
   * The name of {@code bi} with its interference bound, {@code bi:K}: the bound travels in the
   * name, so that a campaign's recorded strategy ({@code campaign.json}) keeps it without a setting
   * of its own.
   */
  public static String withInterference(String name, Integer bound) {
    if (bound == null) {
      return name;
    }
    if (name == null || !name.toLowerCase(Locale.ROOT).equals("bi")) {
      throw new IllegalArgumentException("--interference applies to --strategy bi");
    }
    if (bound < 0) {
      throw new IllegalArgumentException("--interference must be 0 or more");
    }
    return "bi:" + bound;
  }

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
    int bound = DEFAULT_INTERFERENCE;
    if (key.startsWith("bi:")) {
      try {
        bound = Integer.parseInt(key.substring(3));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("bi:K needs a number K, not '" + name + "'");
      }
      key = "bi";
    }
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
      case "bi":
        return new BoundedInterference(bound, siteKeys, budget);
      default:
        throw new IllegalArgumentException("unknown strategy '" + name + "'; available: " + NAMES);
    }
  }
}
