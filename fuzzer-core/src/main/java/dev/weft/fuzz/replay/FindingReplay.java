package dev.weft.fuzz.replay;

import dev.weft.corpus.FindingRecord;
import dev.weft.fuzz.minimise.Switch;
import dev.weft.fuzz.minimise.SwitchRecorder;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RaceStacks;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetException;
import dev.weft.runtime.instrument.Instrumenter;
import dev.weft.runtime.instrument.TargetClassPath;
import dev.weft.runtime.oracle.Failure;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.runtime.races.RaceMode;
import dev.weft.runtime.strategy.ReplayStrategy;
import dev.weft.trace.FieldTable;
import dev.weft.trace.SiteTable;
import java.nio.file.Path;
import java.util.List;

/**
 * Re-runs a recorded finding's exact interleaving and says whether its failure recurs: what {@code
 * weft replay} does, and what a test does with the findings saved beside it before it searches for
 * new ones. One place decides how a record is re-run, so that every replay judges alike.
 */
public final class FindingReplay {
  private FindingReplay() {}

  /**
   * What a replay showed.
   *
   * @param run the replayed run
   * @param reproduced the recorded failure as it recurred (with both stacks for a race), or null
   * @param switches the run's context switches, which mark its preemptions in a report
   */
  public record Outcome(RunResult run, Failure reproduced, List<Switch> switches) {
    public boolean isReproduced() {
      return reproduced != null;
    }
  }

  /**
   * The executor a recorded finding runs under, on {@code classPath}: the recorded target, budget
   * and expected exceptions, and for a race finding the fields mode, whose races include the
   * recorded signature whichever mode found it; a fuzz target's runs get the recorded input.
   */
  public static RunExecutor executor(FindingRecord record, List<Path> classPath) {
    Instrumenter instrumenter =
        new Instrumenter(new TargetClassPath(classPath), new SiteTable(), new FieldTable());
    RaceMode races = record.kind() == FindingKind.RACE ? RaceMode.FIELDS : RaceMode.DEFAULT;
    RunExecutor executor =
        new RunExecutor(
            instrumenter,
            record.target(),
            record.budget(),
            races,
            record.localObjects(),
            record.ignoredExceptions());
    if (record.input() != null) {
      executor.useInput(record.input());
    }
    return executor;
  }

  /** Replays {@code record} once on {@code executor} (see {@link #executor}). */
  public static Outcome replay(FindingRecord record, RunExecutor executor) throws TargetException {
    SwitchRecorder switches = new SwitchRecorder(new ReplayStrategy(record.decisions()));
    RunResult result = executor.execute(switches, 1);
    Failure same = result.failure(record.signature());
    if (same != null && same.kind() == FindingKind.RACE) {
      same = RaceStacks.explain(executor, result, same, 1);
    }
    return new Outcome(result, same, switches.switches());
  }
}
