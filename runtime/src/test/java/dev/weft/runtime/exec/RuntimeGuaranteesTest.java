package dev.weft.runtime.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.SchedulingPoint;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.runtime.strategy.Pct;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.runtime.strategy.ReplayStrategy;
import dev.weft.targets.misbehaving.BadTargets;
import dev.weft.targets.pass.statics.StaticCounter;
import java.lang.management.ManagementFactory;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Fresh state per run, flat thread count, and clear outcomes for targets that misbehave. */
class RuntimeGuaranteesTest {
  private static RunExecutor testTarget(TargetSpec spec, RunBudget budget) {
    return Harness.executor(Harness.testTargetsPath(), spec, budget);
  }

  private static TargetSpec method(String name) {
    return TargetSpec.method(BadTargets.class.getName() + "::" + name);
  }

  @Test
  void staticStateIsFreshInEveryRunAndThreadCountStaysFlat() throws Exception {
    RunExecutor executor =
        testTarget(TargetSpec.main(StaticCounter.class.getName(), List.of()), RunBudget.DEFAULT);
    RandomWalk random = new RandomWalk(5);
    executor.execute(random, 0);
    int before = ManagementFactory.getThreadMXBean().getThreadCount();
    for (int run = 1; run <= 5_000; run++) {
      RunResult r = executor.execute(random, run);
      assertThat(r.outcome())
          .as("run %d: %s", run, r.failure())
          .isEqualTo(RunResult.Outcome.PASSED);
    }
    int after = ManagementFactory.getThreadMXBean().getThreadCount();
    assertThat(after - before)
        .as("threads before %d, after %d", before, after)
        .isLessThanOrEqualTo(2);
  }

  @Test
  void unknownClassOrMethodIsAClearConfigurationError() {
    RunExecutor noClass =
        testTarget(TargetSpec.main("com.example.DoesNotExist", List.of()), RunBudget.DEFAULT);
    assertThatThrownBy(noClass::validate)
        .isInstanceOf(TargetException.class)
        .hasMessageContaining("com.example.DoesNotExist")
        .hasMessageContaining("not found");
    RunExecutor noMethod = testTarget(method("noSuchMethod"), RunBudget.DEFAULT);
    assertThatThrownBy(noMethod::validate)
        .isInstanceOf(TargetException.class)
        .hasMessageContaining("noSuchMethod");
    RunExecutor noMain =
        testTarget(TargetSpec.main(BadTargets.class.getName(), List.of()), RunBudget.DEFAULT);
    assertThatThrownBy(noMain::validate).hasMessageContaining("main(String[])");
  }

  @Test
  void instanceMethodTargetsRun() throws Exception {
    RunResult r = testTarget(method("instanceTarget"), RunBudget.DEFAULT).execute(new Pct(2, 1), 1);
    assertThat(r.outcome()).isEqualTo(RunResult.Outcome.PASSED);
    assertThat(r.steps()).isGreaterThan(2);
  }

  @Test
  void exceptionBeforeAnyThreadStartsIsAFinding() throws Exception {
    RunResult r =
        testTarget(method("throwsImmediately"), RunBudget.DEFAULT).execute(new Pct(2, 1), 1);
    assertThat(r.failed()).isTrue();
    assertThat(r.failure().kind()).isEqualTo(FindingKind.EXCEPTION);
    assertThat(r.failure().message()).contains("configuration missing");
    assertThat(r.failure().details()).contains("BadTargets.throwsImmediately");
  }

  @Test
  void endlessLoopOverSharedStateIsAHangByStepBudget() throws Exception {
    RunResult r =
        testTarget(method("spinsOnSharedState"), new RunBudget(10_000, 30_000, 2_000))
            .execute(new Pct(2, 1), 1);
    assertThat(r.failed()).isTrue();
    assertThat(r.failure().kind()).isEqualTo(FindingKind.HANG);
    // one thread alone: its steps have a budget 100 times the run's (set-up is not a hang)
    assertThat(r.failure().message()).contains("1000000 steps alone").contains("BadTargets.java");
  }

  /** Always runs the thread created last: starves every other thread while it can run. */
  private static final Strategy NEWEST_FIRST =
      new Strategy() {
        @Override
        public int choose(SchedulingPoint point) {
          return point.enabledCount() - 1;
        }

        @Override
        public String describe() {
          return "newest-first";
        }
      };

  @Test
  void aThreadStarvedByTheStrategyIsNoHangTheRunEndsUnderFairScheduling() throws Exception {
    RunExecutor ex =
        testTarget(method("busyCheckerWaitsForMain"), new RunBudget(10_000, 30_000, 2_000));
    RunResult r = ex.execute(NEWEST_FIRST, 1);
    assertThat(r.outcome()).as("%s", r.failures()).isEqualTo(RunResult.Outcome.PASSED);
    assertThat(r.steps()).isGreaterThan(10_000);
    RunResult replay = ex.execute(new ReplayStrategy(r.decisions()), 1);
    assertThat(replay.outcome()).isEqualTo(RunResult.Outcome.PASSED);
    assertThat(replay.steps()).isEqualTo(r.steps());
  }

  @Test
  void threadsThatLoopUnderFairSchedulingTooAreAHang() throws Exception {
    RunResult r =
        testTarget(method("twoThreadsLoopForEver"), new RunBudget(10_000, 30_000, 2_000))
            .execute(NEWEST_FIRST, 1);
    assertThat(r.failure().kind()).isEqualTo(FindingKind.HANG);
    assertThat(r.failure().message())
        .contains("10000 steps with more than one thread")
        .contains("fair round-robin");
  }

  @Test
  void loopWithoutSchedulingPointsIsAHangByStallTimeout() throws Exception {
    long start = System.nanoTime();
    RunResult r =
        testTarget(method("spinsLocally"), new RunBudget(10_000, 30_000, 300))
            .execute(new Pct(2, 1), 1);
    assertThat(r.failed()).isTrue();
    assertThat(r.failure().kind()).isEqualTo(FindingKind.HANG);
    assertThat(r.failure().message())
        .contains("of processor time without reaching a scheduling point");
    assertThat(r.failure().details()).contains("spinForAWhile");
    assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(10_000);
  }

  @Test
  void blockingOutsideWeftSkipsTheRunWithADiagnostic() throws Exception {
    RunResult r =
        testTarget(method("blocksOutsideWeft"), new RunBudget(10_000, 30_000, 300))
            .execute(new Pct(2, 1), 1);
    assertThat(r.outcome()).isEqualTo(RunResult.Outcome.SKIPPED);
    assertThat(r.diagnostic())
        .contains("blocked outside Weft's control")
        .contains("AbstractQueuedSynchronizer");
  }

  @Test
  void aThreadLeftBlockedOutsideWeftLetsTheCampaignGoOnWithFreshClasses() throws Exception {
    RunExecutor executor =
        testTarget(method("parksForeverOutsideWeft"), new RunBudget(10_000, 30_000, 300));
    RunResult r = executor.execute(new Pct(2, 1), 1);
    assertThat(r.outcome()).as("%s", r.diagnostic()).isEqualTo(RunResult.Outcome.SKIPPED);
    assertThat(executor.leakedThreads()).as("the blocked thread is left behind").isEqualTo(1);
    assertThat(executor.lastRunLeftARunningThread()).isFalse();
    assertThat(executor.leakStopReason()).as("it uses no processor: go on").isNull();
    assertThat(executor.blockedLeakNote(1))
        .contains("run 1 left a thread blocked where Weft does not control it")
        .contains("campaign goes on");
    assertThat(executor.reusesClasses()).as("it may hold monitors of reused classes").isFalse();
  }
}
