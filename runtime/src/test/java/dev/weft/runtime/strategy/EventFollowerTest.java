package dev.weft.runtime.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.instrument.Instrumenter;
import dev.weft.runtime.instrument.TargetClassPath;
import dev.weft.targets.fail.jdkmonitors.SynchronizedMapCallbackDeadlock;
import dev.weft.trace.FieldTable;
import dev.weft.trace.Site;
import dev.weft.trace.SiteTable;
import dev.weft.trace.Trace;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Following a run's events on classes of their own takes the same interleaving: what the check of a
 * finding on fresh classes relies on where the run's recorded decisions do not fit.
 */
class EventFollowerTest {
  @Test
  void followingARunsEventsRunsItAgainDeadlocksIncluded() throws Exception {
    RunExecutor executor =
        new RunExecutor(
            new Instrumenter(
                new TargetClassPath(List.of(Harness.testTargetsPath())),
                new SiteTable(),
                new FieldTable(),
                false),
            TargetSpec.main(SynchronizedMapCallbackDeadlock.class.getName(), List.of()),
            RunBudget.DEFAULT);
    int failed = 0;
    for (int run = 1; run <= 30; run++) {
      RunResult original = executor.execute(new RandomWalk(run), run);
      RunResult followed = executor.execute(new EventFollower(threadOfEvent(original)), run);
      assertThat(followed.outcome()).as("run %d", run).isEqualTo(original.outcome());
      assertThat(events(followed.trace(), executor.sites()))
          .as("run %d", run)
          .isEqualTo(events(original.trace(), executor.sites()));
      if (original.failed()) {
        failed++;
        assertThat(followed.failure(original.failure().signature())).isNotNull();
      }
    }
    assertThat(failed).as("runs that deadlocked").isPositive();
  }

  private static int[] threadOfEvent(RunResult run) {
    int[] threads = new int[run.trace().size()];
    for (int e = 0; e < threads.length; e++) {
      threads[e] = run.trace().thread(e);
    }
    return threads;
  }

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
