package dev.weft.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.examples.Catalog;
import dev.weft.examples.Example;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.instrument.Instrumenter;
import dev.weft.runtime.instrument.TargetClassPath;
import dev.weft.runtime.oracle.ExpectedExceptions;
import dev.weft.runtime.races.RaceMode;
import dev.weft.trace.FieldTable;
import dev.weft.trace.SiteTable;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;

/**
 * Builds executors over the examples module and over this module's test targets ({@code
 * dev.weft.targets}), and the loops most tests share.
 */
public final class Harness {
  private Harness() {}

  public static Path examplesPath() {
    return codeSource(Catalog.class);
  }

  /** This module's compiled test classes, where the test targets are. */
  public static Path testTargetsPath() {
    return codeSource(Harness.class);
  }

  private static Path codeSource(Class<?> c) {
    try {
      return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  public static RunExecutor forExample(Example example) {
    return executor(
        examplesPath(),
        TargetSpec.main(example.mainClass(), List.of(example.args())),
        RunBudget.DEFAULT);
  }

  /** The {@code main} of a test target, without arguments. */
  public static RunExecutor executor(Class<?> mainClass) {
    return executor(TargetSpec.main(mainClass.getName(), List.of()), RunBudget.DEFAULT);
  }

  /** A public static no-argument method of a test target class, with the default budget. */
  public static RunExecutor executor(Class<?> target, String method) {
    return executor(TargetSpec.method(target.getName() + "::" + method), RunBudget.DEFAULT);
  }

  /** A test target. */
  public static RunExecutor executor(TargetSpec spec, RunBudget budget) {
    return executor(testTargetsPath(), spec, budget);
  }

  public static RunExecutor executor(Path classPath, TargetSpec spec, RunBudget budget) {
    return new RunExecutor(instrumenter(classPath), spec, budget);
  }

  /** A test target, with thread-local objects tracked or not whatever the default. */
  public static RunExecutor executor(TargetSpec spec, RunBudget budget, boolean localObjects) {
    return new RunExecutor(
        instrumenter(testTargetsPath()), spec, budget, RaceMode.DEFAULT, localObjects);
  }

  /** A public static no-argument method of a test target class, no thread woken spuriously. */
  public static RunExecutor executorWithoutSpuriousWakeups(Class<?> target, String method) {
    return new RunExecutor(
        instrumenter(testTargetsPath()),
        TargetSpec.method(target.getName() + "::" + method),
        RunBudget.DEFAULT,
        RaceMode.DEFAULT,
        RunExecutor.localObjectsByDefault(RaceMode.DEFAULT),
        ExpectedExceptions.NONE,
        false);
  }

  private static Instrumenter instrumenter(Path classPath) {
    return new Instrumenter(
        new TargetClassPath(List.of(classPath)), new SiteTable(), new FieldTable());
  }

  /** Runs {@code runs} executions under each strategy and requires every one to pass. */
  public static void assertEveryRunPasses(
      RunExecutor executor, String target, int runs, Strategy... strategies) throws Exception {
    for (Strategy strategy : strategies) {
      for (int run = 1; run <= runs; run++) {
        RunResult r = executor.execute(strategy, run);
        assertThat(r.outcome())
            .as("%s under %s, run %d: %s %s", target, strategy, run, r.failure(), r.diagnostic())
            .isEqualTo(RunResult.Outcome.PASSED);
      }
    }
  }

  /** The first failing run of at most {@code runs} under {@code strategy}, or null. */
  public static RunResult firstFinding(RunExecutor executor, Strategy strategy, int runs)
      throws Exception {
    for (int run = 1; run <= runs; run++) {
      RunResult r = executor.execute(strategy, run);
      if (r.failed()) {
        return r;
      }
    }
    return null;
  }

  /** Like {@link #firstFinding}, and requires that no run on the way was skipped or diverged. */
  public static RunResult firstFindingWithoutSkips(
      RunExecutor executor, Strategy strategy, int runs) throws Exception {
    for (int run = 1; run <= runs; run++) {
      RunResult r = executor.execute(strategy, run);
      assertThat(r.outcome())
          .as("run %d under %s: %s", run, strategy, r.diagnostic())
          .isIn(RunResult.Outcome.PASSED, RunResult.Outcome.FAILED);
      if (r.failed()) {
        return r;
      }
    }
    return null;
  }
}
