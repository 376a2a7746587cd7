package dev.weft.fuzz.pool;

import java.time.Duration;
import java.util.List;

/**
 * The command line that starts worker {@code worker} of a pool (its {@code restart}-th replacement,
 * 0 for the first JVM) with what is left of the budget.
 */
@FunctionalInterface
public interface WorkerCommand {
  /**
   * @param timeLeft the session's time still left, or null if it has no time budget
   * @param iterationsLeft executions still due from this worker, or 0 if there is no such budget
   */
  List<String> command(int worker, int restart, Duration timeLeft, long iterationsLeft);
}
