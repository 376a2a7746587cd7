package dev.weft.runtime.statics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.instrument.Instrumenter;
import dev.weft.runtime.instrument.TargetClassPath;
import dev.weft.runtime.oracle.Failure;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.runtime.strategy.ReplayStrategy;
import dev.weft.targets.statics.InitialiserCycles;
import dev.weft.targets.statics.PlainClassesWhileWaiting;
import dev.weft.trace.FieldTable;
import dev.weft.trace.Site;
import dev.weft.trace.SiteTable;
import dev.weft.trace.Trace;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A run on classes reused across runs (initialised by Weft once per run) and the same decisions on
 * classes defined afresh (initialised by the JVM) are the same run: the check that confirms a
 * finding on fresh classes relies on it. How a class gets initialised must not make a waiting
 * thread able to run in one and not the other, or the recorded decisions no longer fit.
 */
class SameRunOnFreshClassesTest {
  @Test
  void usingClassesWithoutInitialiserWhileAThreadWaitsReplaysOnFreshClasses() throws Exception {
    RunExecutor executor = executor(PlainClassesWhileWaiting.class, "waiterAndMaker");
    for (int run = 1; run <= 12; run++) {
      RunResult shared = executor.execute(new RandomWalk(run), run);
      assertThat(executor.lastRunReusedClasses()).isTrue();
      assertThat(shared.outcome())
          .as("run %d: %s", run, shared.diagnostic())
          .isEqualTo(RunResult.Outcome.PASSED);
      RunResult fresh = executor.executeOnFreshClasses(new ReplayStrategy(shared.decisions()), run);
      assertThat(fresh.outcome())
          .as("run %d replayed on fresh classes: %s", run, fresh.diagnostic())
          .isEqualTo(RunResult.Outcome.PASSED);
      assertThat(events(fresh.trace(), executor.sites()))
          .as("run %d replayed on fresh classes", run)
          .isEqualTo(events(shared.trace(), executor.sites()));
    }
  }

  /**
   * Initialisers that load each other by name ({@code Class.forName(name, true, loader)}) deadlock
   * on fresh classes as on reused ones: on both, the thread that is about to initialise a class
   * another thread is initialising waits for it under Weft's control, not on the JVM's lock.
   */
  @Test
  void aDeadlockOfInitialisersLoadingEachOtherByNameReplaysOnFreshClasses() throws Exception {
    RunExecutor executor = executor(InitialiserCycles.class, "initialisersByName");
    RunResult shared = null;
    for (int run = 1; run <= 60 && shared == null; run++) {
      RunResult r = executor.execute(new RandomWalk(run), run);
      assertThat(r.outcome())
          .as("run %d: %s", run, r.diagnostic())
          .isIn(RunResult.Outcome.PASSED, RunResult.Outcome.FAILED);
      if (r.failed()) {
        shared = r;
      }
    }
    assertThat(shared).as("a deadlock on reused classes within 60 runs").isNotNull();
    assertThat(shared.failure().kind()).isEqualTo(FindingKind.DEADLOCK);
    RunResult fresh = executor.executeOnFreshClasses(new ReplayStrategy(shared.decisions()), 61);
    assertThat(fresh.failures())
        .as("the deadlock replayed on fresh classes: %s", fresh.diagnostic())
        .extracting(Failure::signature)
        .containsExactly(shared.failure().signature());
    assertThat(events(fresh.trace(), executor.sites()))
        .isEqualTo(events(shared.trace(), executor.sites()));
  }

  /**
   * An executor of {@code target}'s {@code method} whose runs reuse classes; a short wall-clock
   * budget, so that a thread stuck on the JVM's initialisation lock ends its run soon.
   */
  private static RunExecutor executor(Class<?> target, String method) {
    Instrumenter instrumenter =
        new Instrumenter(
            new TargetClassPath(List.of(Harness.testTargetsPath())),
            new SiteTable(),
            new FieldTable(),
            true);
    return new RunExecutor(
        instrumenter,
        TargetSpec.method(target.getName() + "::" + method),
        new RunBudget(1_000_000, 5_000, 2_000));
  }

  /**
   * Each event as its thread, kind and place in the code (site numbers differ: each class loader's
   * classes register their own): what both runs must agree on.
   */
  private static List<String> events(Trace trace, SiteTable sites) {
    List<String> events = new ArrayList<>();
    for (int e = 0; e < trace.size(); e++) {
      Site site = sites.get(trace.site(e));
      events.add(
          trace.thread(e)
              + " "
              + trace.kind(e)
              + " "
              + site.operation()
              + " "
              + site.fileAndLine());
    }
    return events;
  }
}
