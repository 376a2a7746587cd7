package dev.weft.fuzz.strategy;

import dev.weft.runtime.scheduler.Strategy;
import java.util.Locale;

/** Builds a strategy from its command-line name. */
public final class Strategies {
  public static final String NAMES = "random, pct";

  private Strategies() {}

  public static Strategy create(String name, int depth, long seed) {
    switch (name.toLowerCase(Locale.ROOT)) {
      case "random":
        return new RandomWalk(seed);
      case "pct":
        return new Pct(depth, seed);
      default:
        throw new IllegalArgumentException("unknown strategy '" + name + "'; available: " + NAMES);
    }
  }
}
