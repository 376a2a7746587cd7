package dev.weft.runtime.races;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.exec.RaceStacks;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.instrument.Instrumenter;
import dev.weft.runtime.instrument.TargetClassPath;
import dev.weft.runtime.oracle.Failure;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.runtime.strategy.Pct;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.runtime.strategy.ReplayStrategy;
import dev.weft.targets.races.Counters;
import dev.weft.targets.races.MapPuts;
import dev.weft.targets.races.Matchers;
import dev.weft.targets.races.Publication;
import dev.weft.trace.FieldTable;
import dev.weft.trace.SiteTable;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The happens-before race oracle: a race is reported on the first run that contains it, whatever
 * the schedule, and every kind of synchronisation Weft models keeps correct programs quiet.
 */
class RaceOracleTest {
  private static final int QUIET_RUNS = 500;

  private static RunExecutor executor(Class<?> target, String method, RaceMode mode) {
    Instrumenter instrumenter =
        new Instrumenter(
            new TargetClassPath(List.of(Harness.testTargetsPath())),
            new SiteTable(),
            new FieldTable());
    return new RunExecutor(
        instrumenter, TargetSpec.method(target.getName() + "::" + method), RunBudget.DEFAULT, mode);
  }

  private static List<Failure> races(RunResult r) {
    return r.failures().stream().filter(f -> f.kind() == FindingKind.RACE).toList();
  }

  @Test
  void unorderedPutsRaceOnTheFirstRunWhateverTheSchedule() throws Exception {
    RunExecutor executor = executor(MapPuts.class, "unordered", RaceMode.JDK);
    for (int seed = 1; seed <= 10; seed++) {
      for (Strategy s : new Strategy[] {new RandomWalk(seed), new Pct(2, seed)}) {
        RunResult r = executor.execute(s, 1);
        assertThat(r.outcome()).as("%s", s).isEqualTo(RunResult.Outcome.FAILED);
        List<Failure> races = races(r);
        assertThat(races).as("%s", s).hasSize(1);
        Failure race = races.get(0);
        assertThat(race.message())
            .contains("java.util.HashMap")
            // the program's thread names, with Weft's ids that tell threads of one name apart
            .containsPattern(
                "write Map\\.put in thread putter-a \\(main\\.\\d\\) at MapPuts\\.lambda\\$unordered\\$0")
            .containsPattern(
                "write Map\\.put in thread putter-b \\(main\\.\\d\\) at MapPuts\\.lambda\\$unordered\\$1")
            .contains("MapPuts.java:");
        assertThat(race.signature()).startsWith("race:").contains("Map.put");
      }
    }
  }

  @Test
  void aRaceReplaysAndItsReplayShowsBothStacks() throws Exception {
    RunExecutor executor = executor(MapPuts.class, "unordered", RaceMode.JDK);
    RunResult found = executor.execute(new RandomWalk(7), 1);
    Failure race = races(found).get(0);
    assertThat(race.details()).doesNotContain("at dev.weft.targets");

    RunResult replay = executor.execute(new ReplayStrategy(found.decisions()), 1);
    assertThat(replay.failure(race.signature())).isNotNull();

    Failure explained = RaceStacks.explain(executor, found, race, 1);
    assertThat(explained.signature()).isEqualTo(race.signature());
    assertThat(explained.details())
        .containsPattern("first: .*\\n\\s+at dev\\.weft\\.targets\\.races\\.MapPuts\\.lambda")
        .containsPattern("second: .*\\n\\s+at dev\\.weft\\.targets\\.races\\.MapPuts\\.lambda");
  }

  @Test
  void withTheOracleOffTheSameRunPasses() throws Exception {
    RunResult r = executor(MapPuts.class, "unordered", RaceMode.OFF).execute(new RandomWalk(1), 1);
    assertThat(r.outcome()).isEqualTo(RunResult.Outcome.PASSED);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "synchronizedBlock",
        "reentrantLock",
        "concurrentMap",
        "queueHandOff",
        "latchHandOff",
        "futureHandOff"
      })
  void orderedPutsNeverRace(String method) throws Exception {
    quiet(MapPuts.class, method, RaceMode.JDK);
  }

  @ParameterizedTest
  @ValueSource(strings = {"startAndJoin", "staticRegistry", "readWriteLock"})
  void safelyPublishedMapsNeverRace(String method) throws Exception {
    quiet(Publication.class, method, RaceMode.JDK);
  }

  @Test
  void readersOfAnLruCacheRaceEvenUnderAReadLock() throws Exception {
    RunResult r =
        executor(Publication.class, "lruUnderReadLock", RaceMode.JDK).execute(new RandomWalk(1), 1);
    assertThat(races(r)).hasSize(1);
    assertThat(races(r).get(0).message())
        .contains("java.util.LinkedHashMap")
        .contains("write Map.get");
  }

  @Test
  void aSubclassReadingThroughSuperRacesInsideTheJdkClass() throws Exception {
    RunResult r =
        executor(Publication.class, "lruSubclass", RaceMode.JDK).execute(new RandomWalk(1), 1);
    assertThat(races(r)).hasSize(1);
    assertThat(races(r).get(0).message())
        .contains("Publication$Lru")
        .contains("write super LinkedHashMap.get");
  }

  @Test
  void aSharedMatcherRaces() throws Exception {
    RunResult r = executor(Matchers.class, "shared", RaceMode.JDK).execute(new RandomWalk(1), 1);
    assertThat(races(r)).isNotEmpty();
    assertThat(races(r).get(0).message()).contains("java.util.regex.Matcher");
  }

  @Test
  void aMatcherPerThreadNeverRaces() throws Exception {
    quiet(Matchers.class, "perThread", RaceMode.JDK);
  }

  @Test
  void plainFieldsAreCheckedOnlyOnRequest() throws Exception {
    RunResult fields =
        executor(Counters.class, "plainIncrements", RaceMode.FIELDS).execute(new RandomWalk(1), 1);
    assertThat(races(fields)).isNotEmpty();
    assertThat(races(fields).get(0).message())
        .contains("static field dev.weft.targets.races.Counters.plain");

    quiet(Counters.class, "plainIncrements", RaceMode.JDK);
  }

  @Test
  void fieldsOrderedByAVolatileAndALatchNeverRace() throws Exception {
    quiet(Counters.class, "volatileAndLatch", RaceMode.FIELDS);
  }

  private static void quiet(Class<?> target, String method, RaceMode mode) throws Exception {
    RunExecutor executor = executor(target, method, mode);
    Harness.assertEveryRunPasses(
        executor, target.getSimpleName() + "::" + method, QUIET_RUNS, new RandomWalk(3));
    Harness.assertEveryRunPasses(
        executor, target.getSimpleName() + "::" + method, QUIET_RUNS, new Pct(2, 3));
  }
}
