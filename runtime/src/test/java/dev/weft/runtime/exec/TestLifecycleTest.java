package dev.weft.runtime.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.instrument.Instrumenter;
import dev.weft.runtime.instrument.TargetClassPath;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.targets.junit.LifecycleOrder;
import dev.weft.targets.junit.NestedRace;
import dev.weft.trace.FieldTable;
import dev.weft.trace.SiteTable;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

class TestLifecycleTest {
  /**
   * Stall and wall-clock limits a busy machine cannot reach while the first run loads and
   * instruments JUnit's assertions: these tests are about the lifecycle, not about hangs.
   */
  private static final RunBudget UNHURRIED = new RunBudget(1_000_000, 120_000, 60_000);

  /** The test targets with JUnit's jars, as a test's class path has them. */
  private static RunExecutor executor(Class<?> testClass, String method) {
    return executor(testClass.getName(), method);
  }

  private static RunExecutor executor(String testClass, String method) {
    List<Path> cp = new ArrayList<>();
    cp.add(Harness.testTargetsPath());
    cp.add(codeSource(Test.class));
    cp.add(codeSource(AssertionFailedError.class));
    cp.add(codeSource(org.junit.platform.commons.JUnitException.class));
    return new RunExecutor(
        new Instrumenter(new TargetClassPath(cp), new SiteTable(), new FieldTable()),
        TargetSpec.test(testClass + "#" + method),
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
  void runsTheLifecycleAsJUnitDoesInsideTheRun() throws Exception {
    RunResult r = executor(LifecycleOrder.class, "sees").execute(new RandomWalk(1), 1);
    assertThat(r.failed()).isTrue();
    assertThat(r.failure().message())
        .contains(
            "lifecycle beforeAll,baseBeforeEach,beforeEach,test:42,afterEach,baseAfterEach,afterAll");
  }

  @Test
  void afterMethodsRunWhenTheTestFailsAndItsFailureComesFirst() throws Exception {
    RunResult r =
        executor(LifecycleOrder.class, "failsAfterBeforeEach").execute(new RandomWalk(1), 1);
    assertThat(r.failure().message()).contains("test failed");
    assertThat(r.failure().details())
        .contains("Suppressed")
        .contains("beforeAll,baseBeforeEach,beforeEach,test,afterEach,baseAfterEach,afterAll");
  }

  @Test
  void junitItselfIsNotInstrumented() throws Exception {
    RunResult r = executor(LifecycleOrder.class, "whereIsJUnit").execute(new RandomWalk(1), 1);
    assertThat(r.failure().message()).contains("junit loaded by null from the path");
  }

  @Test
  void nestedTestsGetTheirEnclosingInstanceSetUpAndRacesAreFound() throws Exception {
    RunExecutor ex = executor(NestedRace.class.getName() + "$Deposits", "twoDeposits");
    RandomWalk random = new RandomWalk(3);
    int lost = 0;
    int passed = 0;
    for (int run = 1; run <= 100; run++) {
      RunResult r = ex.execute(random, run);
      if (r.failed()) {
        lost++;
        assertThat(r.failure().message()).contains("expected: <10> but was: <5>");
      } else {
        assertThat(r.outcome()).isEqualTo(RunResult.Outcome.PASSED);
        passed++;
      }
    }
    assertThat(lost).isPositive();
    assertThat(passed).isPositive();
  }

  @Test
  void aMissingTestMethodIsAConfigurationError() {
    assertThatThrownBy(() -> executor(LifecycleOrder.class, "nope").validate())
        .isInstanceOf(TargetException.class)
        .hasMessageContaining("has no test method nope()");
  }

  @Test
  void parsesClassHashMethod() {
    TargetSpec spec = TargetSpec.test("com.acme.Outer$Inner#deposits");
    assertThat(spec.className()).isEqualTo("com.acme.Outer$Inner");
    assertThat(spec.methodName()).isEqualTo("deposits");
    assertThat(spec.describe()).isEqualTo("com.acme.Outer$Inner#deposits");
    assertThatThrownBy(() -> TargetSpec.test("com.acme.Outer"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
