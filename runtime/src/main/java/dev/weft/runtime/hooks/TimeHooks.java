package dev.weft.runtime.hooks;

import dev.weft.runtime.time.TargetClock;

/**
 * {@code System.nanoTime/currentTimeMillis} in target code ({@link TargetClock}). Part of the ABI
 * that instrumented code calls: forwarding only, so the hook table stays a plain list of entry
 * points and the behaviour lives in the models.
 */
public final class TimeHooks {
  private TimeHooks() {}

  public static long nanoTime() {
    return TargetClock.nanoTime();
  }

  public static long currentTimeMillis() {
    return TargetClock.currentTimeMillis();
  }
}
