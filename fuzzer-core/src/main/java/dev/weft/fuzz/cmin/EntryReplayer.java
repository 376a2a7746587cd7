package dev.weft.fuzz.cmin;

import dev.weft.corpus.campaign.CorpusEntry;
import dev.weft.fuzz.output.TargetOutput;
import dev.weft.fuzz.strategy.RunCoverage;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetException;
import dev.weft.runtime.strategy.ReplayStrategy;
import java.util.Arrays;

/**
 * Executes a corpus entry's schedule again and confirms the keys it recorded: an entry is only
 * worth keeping for keys its run really yields.
 */
final class EntryReplayer {
  private final RunExecutor executor;
  private final TargetOutput output;
  private final RunCoverage coverage;
  private long runs;

  EntryReplayer(RunExecutor executor, TargetOutput output, RunCoverage coverage) {
    this.executor = executor;
    this.output = output;
    this.coverage = coverage;
  }

  /** A {@link ConfirmedEntry} or a {@link NotReproducedEntry}. */
  Record replay(CorpusEntry entry) throws TargetException {
    output.beginExecution(false);
    RunResult run;
    try {
      executor.useInput(entry.input()); // a fuzz target's schedule fits its own input
      run = executor.execute(new ReplayStrategy(entry.decisions()), ++runs);
    } finally {
      output.endExecution();
    }
    switch (run.outcome()) {
      case DIVERGED:
        return new NotReproducedEntry(entry, "the run diverged from its decisions");
      case SKIPPED:
        return new NotReproducedEntry(entry, "the run was skipped: " + run.diagnostic());
      default:
        break;
    }
    long[] keys = coverage.keys(run);
    int missing = 0;
    for (long k : entry.coverageKeys()) {
      if (Arrays.binarySearch(keys, k) < 0) {
        missing++;
      }
    }
    if (missing > 0) {
      return new NotReproducedEntry(
          entry,
          missing + " of its " + entry.coverageKeys().length + " recorded keys did not come back");
    }
    return new ConfirmedEntry(entry, keys, run.trace().size());
  }
}
