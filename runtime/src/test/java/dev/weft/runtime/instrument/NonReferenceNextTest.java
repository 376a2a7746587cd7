package dev.weft.runtime.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.targets.jvm.NonReferenceNext;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A call of a JDK interface method named {@code next} that returns a primitive is not taken for an
 * iterator's {@code next}: the escape marks check the descriptor, so the instrumented code still
 * verifies, with local objects tracked or not.
 */
class NonReferenceNextTest {
  @ParameterizedTest
  @CsvSource({
    "characterIterator,true",
    "characterIterator,false",
    "resultSet,true",
    "resultSet,false"
  })
  void correctProgramsPassWithoutFindingOrSkip(String method, boolean localObjects)
      throws Exception {
    RunExecutor executor =
        Harness.executor(
            TargetSpec.method(NonReferenceNext.class.getName() + "::" + method),
            RunBudget.DEFAULT,
            localObjects);
    executor.validate();
    for (int run = 1; run <= 5; run++) {
      RunResult r = executor.execute(new RandomWalk(run), run);
      assertThat(r.outcome())
          .as("run %d: %s %s", run, r.failure(), r.diagnostic())
          .isEqualTo(RunResult.Outcome.PASSED);
    }
    assertThat(executor.instrumenter().skippedClasses()).isEmpty();
  }
}
