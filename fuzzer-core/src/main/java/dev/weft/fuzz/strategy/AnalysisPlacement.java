package dev.weft.fuzz.strategy;

import java.util.function.LongSupplier;

/**
 * Chooses, by measuring, whether the next run's analysis goes to the helper thread or is made
 * inline. The helper thread hides the analysis behind the next run, but handing it over costs a
 * wake-up or two; where runs and analyses are a few tens of microseconds (JDK 17's platform
 * carriers, programs of two threads) that can cost more than it hides. Both places give the same
 * decisions, so the choice is free to follow the clock.
 *
 * <p>It measures the time from one analysis started to the next, a run and its share of analysis:
 * {@value #TRIAL} runs each way, twice, then keeps the faster for {@value #KEEP} runs before it
 * measures again (what a campaign runs changes as its plans run out).
 */
final class AnalysisPlacement {
  /** Runs per trial block. */
  static final int TRIAL = 128;

  /** Runs the faster placement is kept before the next trial. */
  static final int KEEP = 4096;

  private static final int BLOCKS = 4;

  private final boolean helperAvailable;
  private final boolean helperAlways;
  private final LongSupplier clock;
  private long lastStart = -1;
  private int count;
  private int block;
  private final long[] trialNanos = new long[2];
  private boolean background;
  private boolean trying = true;

  /**
   * @param helperAvailable whether a helper thread may be used at all
   * @param helperAlways whether it is used for every analysis, unmeasured ({@code
   *     -Dweft.analysis=helper}, for benchmarks)
   */
  AnalysisPlacement(boolean helperAvailable, boolean helperAlways) {
    this(helperAvailable, helperAlways, System::nanoTime);
  }

  /**
   * @param clock nanoseconds (for tests)
   */
  AnalysisPlacement(boolean helperAvailable, boolean helperAlways, LongSupplier clock) {
    this.helperAvailable = helperAvailable;
    this.helperAlways = helperAlways;
    this.clock = clock;
    this.background = helperAvailable;
  }

  /** Whether the analysis starting now goes to the helper thread. */
  boolean nextInBackground() {
    if (!helperAvailable || helperAlways) {
      return helperAvailable;
    }
    long now = clock.getAsLong();
    if (lastStart >= 0 && trying) {
      trialNanos[background ? 1 : 0] += now - lastStart;
    }
    lastStart = now;
    if (trying && count == TRIAL) {
      count = 0;
      block++;
      if (block == BLOCKS) {
        trying = false;
        background = trialNanos[1] <= trialNanos[0];
      } else {
        background = !background;
      }
    } else if (!trying && count == KEEP) {
      count = 0;
      block = 0;
      trialNanos[0] = 0;
      trialNanos[1] = 0;
      trying = true;
      background = true;
    }
    count++;
    return background;
  }

  /** Whether analyses go to the helper thread now (for benchmarks' reports). */
  boolean background() {
    return background;
  }
}
