package dev.weft.runtime.jdk;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.strategy.Pct;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.runtime.strategy.ReplayStrategy;
import dev.weft.targets.fail.varhandle.VarHandleBugs;
import dev.weft.targets.pass.varhandle.FinalFieldHandle;
import dev.weft.targets.pass.varhandle.VarHandleCounters;
import dev.weft.trace.EventKind;
import dev.weft.trace.SiteTable;
import dev.weft.trace.Trace;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A {@code VarHandle} access is a scheduling point at the location of the variable the handle
 * stands for, the same location as the variable's plain accesses; so races through handles are
 * found, and replay event for event.
 */
class VarHandleAccessesTest {
  private static final String HANDLE_SITE = "VarHandle.";

  @Test
  void aLostUpdateThroughVolatileAccessesIsFoundAndReplaysExactly() throws Exception {
    RunExecutor executor =
        Harness.executor(VarHandleBugs.class, "lostUpdateThroughVolatileAccesses");
    for (Strategy strategy : new Strategy[] {new RandomWalk(3), new Pct(2, 3)}) {
      RunResult found = Harness.firstFinding(executor, strategy, 300);
      assertThat(found).as("%s found no lost update", strategy).isNotNull();
      RunResult replay = executor.execute(new ReplayStrategy(found.decisions()), 1);
      assertThat(replay.failed()).as("replay under %s", strategy).isTrue();
      assertThat(replay.failure().signature()).isEqualTo(found.failure().signature());
      assertSameEvents(replay.trace(), found.trace());
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "casLoopOnField",
        "casLoopThroughUnreflectedHandle",
        "casLoopWithExactBehaviour",
        "casLoopOnArrayElement",
        "getAndAddOnStatic"
      })
  void handleUpdatesAreAccessesOfTheVariablesPlainLocation(String target) throws Exception {
    RunExecutor executor = Harness.executor(VarHandleCounters.class, target);
    RunResult r = executor.execute(new RandomWalk(7), 1);
    assertThat(r.outcome())
        .as("%s: %s", r.failure(), r.diagnostic())
        .isEqualTo(RunResult.Outcome.PASSED);
    Trace trace = r.trace();
    SiteTable sites = executor.sites();
    Set<Long> updated = new HashSet<>();
    Set<Long> plainlyRead = new HashSet<>();
    for (int e = 0; e < trace.size(); e++) {
      boolean byHandle = sites.get(trace.site(e)).operation().startsWith(HANDLE_SITE);
      EventKind kind = trace.kind(e);
      if (byHandle && kind == EventKind.UPDATE) {
        updated.add(trace.location(e));
      } else if (!byHandle && kind.reads() && !kind.writes()) {
        plainlyRead.add(trace.location(e));
      }
    }
    assertThat(updated).as("locations the handle updated").hasSize(1);
    assertThat(plainlyRead).containsAll(updated);
  }

  @Test
  void aFailedCompareAndSetIsRecordedAsARead() throws Exception {
    RunExecutor executor = Harness.executor(VarHandleCounters.class, "casLoopOnField");
    RandomWalk random = new RandomWalk(5);
    boolean failedCas = false;
    for (int run = 1; run <= 200 && !failedCas; run++) {
      RunResult r = executor.execute(random, run);
      assertThat(r.outcome()).isEqualTo(RunResult.Outcome.PASSED);
      Trace trace = r.trace();
      for (int e = 0; e < trace.size(); e++) {
        String operation = executor.sites().get(trace.site(e)).operation();
        failedCas |=
            operation.equals(HANDLE_SITE + "compareAndSet") && trace.kind(e) == EventKind.READ;
      }
    }
    assertThat(failedCas).as("no compare-and-set failed in 200 runs").isTrue();
  }

  @Test
  void readsOfAFinalFieldThroughAHandleAreNoSchedulingPoints() throws Exception {
    RunExecutor executor = Harness.executor(FinalFieldHandle.class);
    RunResult r = executor.execute(new RandomWalk(1), 1);
    assertThat(r.outcome()).isEqualTo(RunResult.Outcome.PASSED);
    Trace trace = r.trace();
    for (int e = 0; e < trace.size(); e++) {
      assertThat(executor.sites().get(trace.site(e)).operation()).doesNotStartWith(HANDLE_SITE);
    }
  }

  private static void assertSameEvents(Trace actual, Trace expected) {
    assertThat(actual.size()).isEqualTo(expected.size());
    for (int e = 0; e < expected.size(); e++) {
      assertThat(actual.thread(e)).as("thread of event %d", e).isEqualTo(expected.thread(e));
      assertThat(actual.kind(e)).as("kind of event %d", e).isEqualTo(expected.kind(e));
      assertThat(actual.site(e)).as("site of event %d", e).isEqualTo(expected.site(e));
      assertThat(actual.location(e)).as("location of event %d", e).isEqualTo(expected.location(e));
    }
  }
}
