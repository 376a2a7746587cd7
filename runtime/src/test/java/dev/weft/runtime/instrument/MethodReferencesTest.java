package dev.weft.runtime.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.runtime.strategy.Pct;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.targets.fail.methodrefs.MethodReferenceBugs;
import dev.weft.targets.pass.methodrefs.MethodReferences;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Method references to modelled JDK methods go through Weft's hooks like direct calls: threads
 * started by {@code Thread::start} are controlled, {@code lock::lock} blocks in the model, and map
 * operations by reference are scheduling points.
 */
class MethodReferencesTest {

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"referencesAreControlled", "poolTasksByReference"})
  void correctProgramsPassInEveryRun(String method) throws Exception {
    RunExecutor executor = Harness.executor(MethodReferences.class, method);
    Harness.assertEveryRunPasses(executor, method, 200, new RandomWalk(5), new Pct(3, 5));
  }

  @Test
  void checkThenActThroughReferencesIsFound() throws Exception {
    RunExecutor executor = Harness.executor(MethodReferenceBugs.class, "checkThenActByReference");
    RunResult found = Harness.firstFinding(executor, new RandomWalk(9), 500);
    assertThat(found).as("the race through map::containsKey / map::put").isNotNull();
    assertThat(found.failure().kind()).isEqualTo(FindingKind.ASSERTION);
  }

  @Test
  void lockThroughAReferenceIsADeadlockNotAnUncontrolledBlock() throws Exception {
    RunResult r =
        Harness.executor(MethodReferenceBugs.class, "lockByReferenceDeadlocks")
            .execute(new Pct(2, 1), 1);
    assertThat(r.outcome()).as("%s", r.diagnostic()).isEqualTo(RunResult.Outcome.FAILED);
    assertThat(r.failure().kind()).isEqualTo(FindingKind.DEADLOCK);
  }
}
