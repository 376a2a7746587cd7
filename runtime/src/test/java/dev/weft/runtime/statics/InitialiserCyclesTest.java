package dev.weft.runtime.statics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.instrument.Instrumenter;
import dev.weft.runtime.instrument.TargetClassPath;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.runtime.strategy.Pct;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.targets.statics.InheritedStatics;
import dev.weft.targets.statics.InitialiserCycles;
import dev.weft.targets.statics.InitialiserWaits;
import dev.weft.trace.FieldTable;
import dev.weft.trace.SiteTable;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Whoever runs a class initialiser, the JVM (a class loader per run, and the replay that confirms a
 * finding on fresh classes) or Weft (classes reused across runs), a thread that must wait for
 * another thread's initialiser waits under Weft's control: a correct program never stalls, and a
 * class-initialisation deadlock is a deadlock finding.
 */
class InitialiserCyclesTest {
  /** How a run's classes are defined and initialised. */
  enum Classes {
    /** Reused across runs, initialised by Weft once per run. */
    REUSED,
    /** A class loader per run ({@code -Dweft.reuseClasses=off}): the JVM initialises them. */
    PER_RUN,
    /** Reuse asked, every run on fresh classes, as a finding's confirmation runs. */
    FRESH_REPLAY
  }

  private static final class Runs {
    private final RunExecutor executor;
    private final Classes classes;

    Runs(Class<?> target, String method, Classes classes) {
      Instrumenter instrumenter =
          new Instrumenter(
              new TargetClassPath(List.of(Harness.testTargetsPath())),
              new SiteTable(),
              new FieldTable(),
              classes != Classes.PER_RUN);
      this.executor =
          new RunExecutor(
              instrumenter, TargetSpec.method(target.getName() + "::" + method), RunBudget.DEFAULT);
      this.classes = classes;
    }

    RunResult run(dev.weft.runtime.api.Strategy strategy, int run) throws Exception {
      return classes == Classes.FRESH_REPLAY
          ? executor.executeOnFreshClasses(strategy, run)
          : executor.execute(strategy, run);
    }
  }

  private static void everyRunPasses(Class<?> target, String method, Classes classes)
      throws Exception {
    Runs runs = new Runs(target, method, classes);
    for (dev.weft.runtime.api.Strategy strategy :
        List.of(new RandomWalk(11), new Pct(3, 13), new RandomWalk(5))) {
      for (int run = 1; run <= 15; run++) {
        RunResult r = runs.run(strategy, run);
        assertThat(r.outcome())
            .as("%s under %s, run %d: %s %s", method, strategy, run, r.failure(), r.diagnostic())
            .isEqualTo(RunResult.Outcome.PASSED);
      }
    }
  }

  private static RunResult firstDeadlock(String method, Classes classes) throws Exception {
    Runs runs = new Runs(InitialiserCycles.class, method, classes);
    for (int run = 1; run <= 60; run++) {
      RunResult r = runs.run(new RandomWalk(run), run);
      assertThat(r.outcome())
          .as("%s run %d: %s", method, run, r.diagnostic())
          .isIn(RunResult.Outcome.PASSED, RunResult.Outcome.FAILED);
      if (r.failed()) {
        return r;
      }
    }
    return null;
  }

  @ParameterizedTest
  @EnumSource(Classes.class)
  void aThreadUsingAClassWhoseInitialiserWaitsForItsLockNeverStalls(Classes classes)
      throws Exception {
    everyRunPasses(InitialiserWaits.class, "twoThreadsUseAClassBeingInitialised", classes);
  }

  @ParameterizedTest
  @EnumSource(Classes.class)
  void anInitialiserUsingAnotherClassIsNoDeadlock(Classes classes) throws Exception {
    everyRunPasses(InitialiserCycles.class, "initialiserUsesAnother", classes);
  }

  @ParameterizedTest
  @EnumSource(Classes.class)
  void staticsOfAHiddenSuperclassReachedThroughItsSubclassRun(Classes classes) throws Exception {
    everyRunPasses(InheritedStatics.class, "throughAPublicSubclass", classes);
  }

  @ParameterizedTest
  @EnumSource(Classes.class)
  void twoInitialisersUsingEachOtherAreADeadlockFinding(Classes classes) throws Exception {
    RunResult found = firstDeadlock("crossedInitialisers", classes);
    assertThat(found).as("a deadlock within 60 runs").isNotNull();
    assertThat(found.failure().kind()).isEqualTo(FindingKind.DEADLOCK);
  }

  @ParameterizedTest
  @EnumSource(Classes.class)
  void twoInitialisersLoadingEachOtherByNameAreADeadlockFinding(Classes classes) throws Exception {
    RunResult found = firstDeadlock("initialisersByName", classes);
    assertThat(found).as("a deadlock within 60 runs").isNotNull();
    assertThat(found.failure().kind())
        .as("%s", found.failure().message())
        .isEqualTo(FindingKind.DEADLOCK);
  }

  @ParameterizedTest
  @EnumSource(Classes.class)
  void anInitialiserMakingItsSubclassIsADeadlockFinding(Classes classes) throws Exception {
    RunResult found = firstDeadlock("subclassInInitialiser", classes);
    assertThat(found).as("a deadlock within 60 runs").isNotNull();
    assertThat(found.failure().kind()).isEqualTo(FindingKind.DEADLOCK);
  }
}
