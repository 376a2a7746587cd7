package dev.weft.runtime.exec;

import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.oracle.Failure;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.runtime.races.Race;
import dev.weft.runtime.strategy.ReplayStrategy;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import java.util.List;

/**
 * Adds the target stacks of both accesses to a race finding. A stack per call would cost more than
 * the run, so runs keep none; once a race is new, its run is replayed (the decisions determine it)
 * keeping the stacks of exactly the two calls, and the replay's failure, now with stacks, is the
 * one reported.
 */
public final class RaceStacks {
  private RaceStacks() {}

  /**
   * The race failure {@code race} of {@code result}, with stacks if its replay reproduces it;
   * {@code race} itself otherwise (and for failures that are no race, or field races, whose
   * accesses are trace events rather than calls).
   */
  public static Failure explain(
      RunExecutor executor, RunResult result, Failure race, long runNumber) {
    if (race.kind() != FindingKind.RACE) {
      return race;
    }
    Race behind = behind(result, race);
    if (behind == null || behind.first().call() < 0 || behind.second().call() < 0) {
      return race;
    }
    IntOpenHashSet calls = new IntOpenHashSet();
    calls.add(behind.first().call());
    calls.add(behind.second().call());
    try {
      RunResult replay = executor.execute(new ReplayStrategy(result.decisions()), runNumber, calls);
      Failure again = replay.failure(race.signature());
      return again != null ? again : race;
    } catch (TargetException e) {
      return race;
    }
  }

  private static Race behind(RunResult result, Failure race) {
    List<Race> races = result.races();
    int offset = result.failures().size() - races.size();
    for (int i = 0; i < races.size(); i++) {
      if (result.failures().get(offset + i).signature().equals(race.signature())) {
        return races.get(i);
      }
    }
    return null;
  }
}
