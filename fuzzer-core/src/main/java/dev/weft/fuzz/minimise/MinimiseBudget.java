package dev.weft.fuzz.minimise;

import java.time.Duration;

/**
 * How long a minimisation may go on: a wall-clock limit and a number of candidate runs, whichever
 * comes first (0 or null: no limit of that kind). A campaign minimises each new finding on a small
 * budget so that it goes back to fuzzing soon; {@code weft tmin} can be given more.
 */
public record MinimiseBudget(Duration time, long runs) {
  /** What {@code weft run} and {@code weft fuzz} spend on each new finding by default. */
  public static final MinimiseBudget CAMPAIGN_DEFAULT =
      new MinimiseBudget(Duration.ofSeconds(5), 0);

  /** Whether a minimisation that began at {@code startNanos} and made {@code runsSoFar} is over. */
  boolean spent(long startNanos, long runsSoFar) {
    if (runs > 0 && runsSoFar >= runs) {
      return true;
    }
    return time != null && System.nanoTime() - startNanos >= time.toNanos();
  }
}
