package dev.weft.runtime.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.instrument.Instrumenter;
import dev.weft.runtime.instrument.TargetClassPath;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.targets.junit4.Junit3Counter;
import dev.weft.targets.junit4.Junit4Account;
import dev.weft.targets.junit4.RunWithOtherRunner;
import dev.weft.targets.junit4.WithRules;
import dev.weft.trace.FieldTable;
import dev.weft.trace.SiteTable;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code --test} on JUnit 4 and JUnit 3 test methods: their own lifecycle annotations and methods,
 * JUnit 4's expected exceptions and rules, and another runner refused with a message.
 */
class Junit4LifecycleTest {
  private static final RunBudget UNHURRIED = new RunBudget(1_000_000, 120_000, 60_000);

  private static RunExecutor executor(Class<?> testClass, String method) {
    List<Path> cp =
        List.of(
            Harness.testTargetsPath(),
            codeSource(org.junit.Test.class),
            codeSource(org.hamcrest.Matcher.class));
    return new RunExecutor(
        new Instrumenter(new TargetClassPath(cp), new SiteTable(), new FieldTable()),
        TargetSpec.test(testClass.getName() + "#" + method),
        UNHURRIED);
  }

  private static Path codeSource(Class<?> c) {
    try {
      return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void aJunit4RaceIsFoundWithItsBeforeStateAndTheLifecycleRunsInOrder() throws Exception {
    RunExecutor ex = executor(Junit4Account.class, "concurrentDeposits");
    RandomWalk random = new RandomWalk(5);
    int lost = 0;
    for (int run = 1; run <= 200 && lost == 0; run++) {
      RunResult r = ex.execute(random, run);
      if (r.failed()) {
        lost++;
        // @Before set the balance to 100 inside the run: a lost deposit leaves 110 or 120
        assertThat(r.failure().message())
            .containsPattern("expected:<130> but was:<1[12]0>")
            .contains("(beforeClass,before)");
      } else {
        assertThat(r.outcome()).isEqualTo(RunResult.Outcome.PASSED);
      }
    }
    assertThat(lost).isPositive();
  }

  @Test
  void aJunit4TestPassesByThrowingWhatItExpectsAndFailsWithoutIt() throws Exception {
    RunResult threw =
        executor(Junit4Account.class, "overdraftIsRefused").execute(new RandomWalk(1), 1);
    // it passed: @AfterClass reports the lifecycle it saw, as this target's one failure
    assertThat(threw.failure().message())
        .contains("lifecycle beforeClass,before,test,after,afterClass");

    RunResult missing =
        executor(Junit4Account.class, "expectsAnExceptionThatNeverComes")
            .execute(new RandomWalk(1), 1);
    assertThat(missing.failure().message())
        .contains("Expected exception: java.lang.IllegalStateException");
  }

  @Test
  void aJunit3TestCaseGetsItsNameSetUpAndTearDown() throws Exception {
    RunExecutor ex = executor(Junit3Counter.class, "testTwoIncrements");
    RandomWalk random = new RandomWalk(2);
    int lost = 0;
    int passed = 0;
    for (int run = 1; run <= 200; run++) {
      RunResult r = ex.execute(random, run);
      if (r.failed()) {
        lost++;
        assertThat(r.failure().message())
            .contains("test testTwoIncrements expected:<2> but was:<1>");
      } else {
        passed++;
      }
    }
    assertThat(lost).isPositive();
    assertThat(passed).isPositive();
  }

  @Test
  void anotherRunnerIsRefusedWithWhatWeftRuns() {
    assertThatThrownBy(() -> executor(RunWithOtherRunner.class, "anything").validate())
        .isInstanceOf(TargetException.class)
        .hasMessageContaining("is run by org.junit.runners.Parameterized (@RunWith)")
        .hasMessageContaining("default runner (JUnit4)");
  }

  /**
   * The common rules wrap the test as JUnit 4 runs them: the class rule, the temporary folder (its
   * file made in the test) and the test's name are there when the race is found; the time-out's own
   * thread is left out.
   */
  @Test
  void aJunit4RaceIsFoundWithWhatItsRulesGive() throws Exception {
    RunExecutor ex = executor(WithRules.class, "concurrentCounts");
    RandomWalk random = new RandomWalk(3);
    int lost = 0;
    int passed = 0;
    for (int run = 1; run <= 200; run++) {
      RunResult r = ex.execute(random, run);
      if (r.failed()) {
        lost++;
        assertThat(r.failure().message())
            .contains("classRule concurrentCounts true expected:<2> but was:<1>");
      } else {
        assertThat(r.outcome()).isEqualTo(RunResult.Outcome.PASSED);
        passed++;
      }
    }
    assertThat(lost).isPositive();
    assertThat(passed).isPositive();
  }

  /** Every run, on classes it shares with the runs before it, runs the class rule afresh. */
  @Test
  void aClassRuleRunsInEveryRun() throws Exception {
    RunExecutor ex = executor(WithRules.class, "theClassRuleRanFirst");
    for (int run = 1; run <= 5; run++) {
      RunResult r = ex.execute(new RandomWalk(run), run);
      assertThat(r.outcome())
          .as("run %d: %s", run, r.failure())
          .isEqualTo(RunResult.Outcome.PASSED);
    }
  }

  @Test
  void anExpectedExceptionRulePassesWhatItExpectsAndFailsWithoutIt() throws Exception {
    RunResult threw = executor(WithRules.class, "overdraftIsRefused").execute(new RandomWalk(1), 1);
    assertThat(threw.outcome()).as("%s", threw.failure()).isEqualTo(RunResult.Outcome.PASSED);

    RunResult missing =
        executor(WithRules.class, "expectsAnExceptionThatNeverComes").execute(new RandomWalk(1), 1);
    assertThat(missing.failure().message())
        .contains("Expected test to throw an instance of java.lang.IllegalStateException");
  }
}
