package dev.weft.runtime.exec;

/**
 * Limits of one run. Exceeding {@code maxSteps} or {@code wallMillis} (wall-clock time, Weft's own
 * work not counted) is a hang; a turn holder that makes no progress is inspected ({@link
 * StallWatch}): running for {@code stallMillis} of processor time means an endless local loop (a
 * hang; a thread alone in the run has only {@code wallMillis}), blocked inside the JVM for {@code
 * stallMillis} means code outside Weft's control (the run is skipped).
 */
public record RunBudget(int maxSteps, long wallMillis, long stallMillis) {
  public static final RunBudget DEFAULT = new RunBudget(1_000_000, 30_000, 2_000);

  /** This budget with every limit {@code factor} times as large (a hang's confirmation). */
  public RunBudget times(int factor) {
    long steps = Math.min(Integer.MAX_VALUE, (long) maxSteps * factor);
    return new RunBudget((int) steps, wallMillis * factor, stallMillis * factor);
  }

  /** This budget with {@code steps} steps. */
  public RunBudget withMaxSteps(int steps) {
    return new RunBudget(steps, wallMillis, stallMillis);
  }
}
