package dev.weft.runtime.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.runtime.strategy.ReplayStrategy;
import dev.weft.targets.jvm.DefinesClasses;
import org.junit.jupiter.api.Test;

/** A class the program defines from bytes while it runs is controlled like any target class. */
class DefinedClassesTest {
  @Test
  void aRaceInAClassDefinedAtRunTimeIsFoundAndReplays() throws Exception {
    assertThat(DefinedClasses.ensureInstalled()).as("agent unavailable").isNull();
    RunExecutor ex = Harness.executor(DefinesClasses.class, "raceInAClassOfItsOwnLoader");
    RunResult found = Harness.firstFindingWithoutSkips(ex, new RandomWalk(13), 200);
    assertThat(found).as("the lost update was not found in 200 runs").isNotNull();
    assertThat(found.failure().kind()).isEqualTo(FindingKind.ASSERTION);
    assertThat(found.failure().message()).contains("class defined at run time");
    assertThat(found.threadNames()).hasSizeGreaterThanOrEqualTo(3);
    RunResult replay = ex.execute(new ReplayStrategy(found.decisions()), 1);
    assertThat(replay.failure().signature()).isEqualTo(found.failure().signature());
    assertThat(ex.instrumenter().definedAtRunTime()).isPositive();
    assertThat(ex.instrumenter().skippedClasses()).isEmpty();
  }

  @Test
  void aClassDefinedAgainInEveryRunIsInstrumentedOnce() throws Exception {
    assertThat(DefinedClasses.ensureInstalled()).as("agent unavailable").isNull();
    RunExecutor ex = Harness.executor(DefinesClasses.class, "raceInAClassOfItsOwnLoader");
    RunResult first = null;
    for (int run = 1; run <= 5; run++) {
      RunResult r = ex.execute(new RandomWalk(run), run);
      first = first == null ? r : first;
    }
    assertThat(ex.instrumenter().definedAtRunTime()).isEqualTo(5);
    assertThat(ex.instrumenter().runTimeInstrumentations()).isEqualTo(1);
    // the reused bytes are controlled as the first were: the same run again, event for event
    RunResult again = ex.execute(new ReplayStrategy(first.decisions()), 6);
    assertThat(again.trace().size()).isEqualTo(first.trace().size());
    assertThat(again.decisions()).isEqualTo(first.decisions());
  }
}
