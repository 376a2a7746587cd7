package dev.weft.fuzz.minimise;

import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.oracle.Failure;
import dev.weft.runtime.strategy.ReplayStrategy;
import java.util.Arrays;
import java.util.List;

/**
 * Shrinks a fuzz target's failing input while its failure signature stays the same: a report is
 * read by someone who has to understand which of the bytes matter. Chunks of the input are cut,
 * halves first, then quarters, down to single bytes (delta debugging's complement step); each
 * candidate runs with the finding's (minimised) decisions, and one that shows the same failure is
 * kept and cut further. A candidate whose input leads elsewhere diverges from the decisions and is
 * dropped like any run without the failure. What is kept is a real run: input and decisions replay
 * it exactly.
 */
public final class InputMinimiser {
  private final RunExecutor executor;
  private final CandidateRunner runner;
  private final MinimiseBudget budget;

  /**
   * The shortest input kept, the run that showed it, the values the target consumed in that run,
   * and what it cost.
   */
  public record Result(
      byte[] input,
      RunResult run,
      Failure failure,
      List<String> consumed,
      int candidates,
      long nanos) {
    public boolean shrank(int before) {
      return input.length < before;
    }
  }

  public InputMinimiser(RunExecutor executor, CandidateRunner runner, MinimiseBudget budget) {
    this.executor = executor;
    this.runner = runner;
    this.budget = budget;
  }

  /**
   * @param input the failing input
   * @param decisions the decisions that fail with it
   * @param signature the failure to keep
   * @param run the run of that input and those decisions, with {@code failure}
   */
  public Result minimise(
      byte[] input, int[] decisions, String signature, RunResult run, Failure failure) {
    long start = System.nanoTime();
    byte[] best = input.clone();
    RunResult bestRun = run;
    Failure bestFailure = failure;
    int candidates = 0;
    int[] current = decisions;
    List<String> consumed = null;
    try {
      for (int chunk = Math.max(1, best.length / 2); chunk >= 1; chunk /= 2) {
        int at = 0;
        while (at < best.length) {
          if (budget.spent(start, candidates)) {
            return result(best, bestRun, bestFailure, consumed, candidates, start);
          }
          int end = Math.min(best.length, at + chunk);
          byte[] candidate = cut(best, at, end);
          executor.useInput(candidate);
          candidates++;
          RunResult r = runner.run(new ReplayStrategy(current));
          Failure f = r.failure(signature);
          if (f != null) {
            best = candidate; // the next chunk now starts where this one did
            current = r.decisions();
            consumed = executor.lastInput().consumed();
            bestRun = r;
            bestFailure = f;
          } else {
            at = end;
          }
        }
        if (chunk == 1) {
          break;
        }
      }
      return result(best, bestRun, bestFailure, consumed, candidates, start);
    } finally {
      executor.useInput(best);
    }
  }

  /** The result; the values consumed from an input never cut are those of one more run of it. */
  private Result result(
      byte[] best,
      RunResult run,
      Failure failure,
      List<String> consumed,
      int candidates,
      long start) {
    if (consumed == null) {
      executor.useInput(best);
      runner.run(new ReplayStrategy(run.decisions()));
      consumed = executor.lastInput().consumed();
    }
    return new Result(best, run, failure, consumed, candidates, System.nanoTime() - start);
  }

  private static byte[] cut(byte[] input, int from, int to) {
    byte[] out = Arrays.copyOf(input, input.length - (to - from));
    System.arraycopy(input, to, out, from, input.length - to);
    return out;
  }
}
