package dev.weft.fuzz.minimise;

import dev.weft.fuzz.output.CapturedOutput;
import dev.weft.fuzz.output.TargetOutput;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetException;
import dev.weft.trace.Trace;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Runs candidates on an executor without printing the target's output: a minimisation runs the
 * target dozens of times, and what it printed matters only for the run that is kept, whose output
 * {@link #outputOf} gives back for the report.
 */
public final class CapturingRunner implements CandidateRunner {
  private final RunExecutor executor;
  private final TargetOutput output;
  private final Map<Trace, CapturedOutput> outputs = new WeakHashMap<>();
  private long runs;

  public CapturingRunner(RunExecutor executor, TargetOutput output) {
    this.executor = executor;
    this.output = output;
  }

  @Override
  public RunResult run(Strategy strategy) {
    output.beginExecution(false);
    boolean ended = false;
    try {
      RunResult result = executor.execute(strategy, ++runs);
      CapturedOutput captured = output.endExecution();
      ended = true;
      outputs.put(result.trace(), captured);
      return result;
    } catch (TargetException e) {
      throw new IllegalStateException("the target could not be run again: " + e.getMessage(), e);
    } finally {
      if (!ended) {
        output.endExecution();
      }
    }
  }

  /** What the target printed in {@code run}, if this runner made it; else {@code otherwise}. */
  public CapturedOutput outputOf(RunResult run, CapturedOutput otherwise) {
    return outputs.getOrDefault(run.trace(), otherwise);
  }
}
