package dev.weft.runtime.exec;

/**
 * Limits of one run. Exceeding {@code maxSteps} or {@code wallMillis} is a hang finding; a turn
 * holder that makes no step for {@code stallMillis} is inspected: blocked inside the JVM means code
 * outside Weft's control (the run is skipped), running means an endless local loop (a hang).
 */
public record RunBudget(int maxSteps, long wallMillis, long stallMillis) {
  public static final RunBudget DEFAULT = new RunBudget(1_000_000, 30_000, 2_000);
}
