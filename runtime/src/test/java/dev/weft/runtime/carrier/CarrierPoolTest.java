package dev.weft.runtime.carrier;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.strategy.Pct;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.targets.jvm.ManyThreads;
import dev.weft.targets.jvm.ThreadIdentities;
import dev.weft.targets.misbehaving.BadTargets;
import java.lang.management.ManagementFactory;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Carriers are reused across threads and runs without one logical thread seeing another's. */
class CarrierPoolTest {

  @Test
  void threadLocalsNamesLoadersAndInterruptsArePerLogicalThread() throws Exception {
    RunExecutor executor =
        Harness.executor(
            TargetSpec.main(ThreadIdentities.class.getName(), List.of("6")), RunBudget.DEFAULT);
    assertThat(CarrierPool.reusing()).isTrue();
    int createdBefore = CarrierPool.created();
    int threadsPerRun = 1 + 1 + 6 * 2;
    int runs = 150;
    for (int run = 1; run <= runs; run++) {
      RunResult r = executor.execute(run % 2 == 0 ? new RandomWalk(run) : new Pct(3, run), run);
      assertThat(r.outcome())
          .as("run %d: %s %s", run, r.failure(), r.diagnostic())
          .isEqualTo(RunResult.Outcome.PASSED);
    }
    // the values, interrupts and priorities left behind were met by later threads: reuse happened
    assertThat(CarrierPool.created() - createdBefore).isLessThan(threadsPerRun * 3);
    assertThat(executor.leakedThreads()).isZero();
    boolean virtualExpected =
        Runtime.version().feature() >= 21
            && !"platform".equals(System.getProperty("weft.carriers"));
    assertThat(VirtualCarriers.isVirtual(CarrierProbe.lastCarrier))
        .as("carriers are virtual threads where the JDK has them")
        .isEqualTo(virtualExpected);
  }

  @Test
  void threadCountAndHeapStayFlatOverRunsOfAHundredThreads() throws Exception {
    RunExecutor executor =
        Harness.executor(
            TargetSpec.main(ManyThreads.class.getName(), List.of("100")), RunBudget.DEFAULT);
    Pct pct = new Pct(3, 7);
    long heapAfterWarmUp = 0;
    int threadsAfterWarmUp = 0;
    int createdAfterWarmUp = 0;
    int createdBefore = CarrierPool.created();
    for (int run = 1; run <= 1_000; run++) {
      RunResult r = executor.execute(pct, run);
      assertThat(r.outcome())
          .as("run %d: %s", run, r.failure())
          .isEqualTo(RunResult.Outcome.PASSED);
      if (run == 100) {
        heapAfterWarmUp = liveHeap();
        threadsAfterWarmUp = ManagementFactory.getThreadMXBean().getThreadCount();
        createdAfterWarmUp = CarrierPool.created();
      }
    }
    // a later run may have one more thread live at once than any before it, never more than the
    // program's 101: carriers are reused across runs, not made anew for each
    assertThat(CarrierPool.created() - createdAfterWarmUp).isLessThanOrEqualTo(2);
    assertThat(CarrierPool.created() - createdBefore).isLessThanOrEqualTo(101);
    assertThat(ManagementFactory.getThreadMXBean().getThreadCount())
        .isLessThanOrEqualTo(threadsAfterWarmUp + 2);
    assertThat(liveHeap() - heapAfterWarmUp).isLessThan(64L << 20);
  }

  @Test
  void aCarrierStuckInALoopIsRetiredAndRunsGoOn() throws Exception {
    CarrierProbe.released = false;
    int retiredBefore = CarrierScheduler.shared().threadsRetired();
    RunExecutor stuck =
        Harness.executor(
            TargetSpec.method(BadTargets.class.getName() + "::spinsUntilReleased"),
            new RunBudget(10_000, 30_000, 300));
    RunResult hang = stuck.execute(new RandomWalk(1), 1);
    assertThat(hang.failed()).isTrue();
    assertThat(stuck.leakedThreads()).isEqualTo(1);
    Thread spinner = CarrierProbe.lastCarrier;
    assertThat(spinner.getName()).isEqualTo("weft-spinner");
    boolean virtual = VirtualCarriers.isVirtual(spinner);
    if (spinner instanceof Carrier c && CarrierCpu.pinned() >= 0) {
      assertThat(CarrierCpu.processorsOf(c.kernelId))
          .as("a retired carrier may use every processor again, not only the carriers' one")
          .containsExactly(CarrierCpu.usable());
    }
    try {
      if (virtual && VirtualCarriers.onWeftScheduler()) {
        // its platform thread was retired, and another carries the runs after it
        assertThat(CarrierScheduler.shared().threadsRetired()).isGreaterThan(retiredBefore);
        assertThat(VirtualCarriers.enabled()).as("after a stuck virtual carrier").isTrue();
      } else {
        assertThat(VirtualCarriers.enabled()).as("after a stuck virtual carrier").isFalse();
      }
      RunExecutor next =
          Harness.executor(
              TargetSpec.main(ThreadIdentities.class.getName(), List.of("3")), RunBudget.DEFAULT);
      for (int run = 1; run <= 20; run++) {
        assertThat(next.execute(new RandomWalk(run), run).outcome())
            .isEqualTo(RunResult.Outcome.PASSED);
      }
      assertThat(spinner.isAlive()).isTrue();
      assertThat(spinner.getName()).isEqualTo("weft-spinner"); // never dressed for another thread
      int idle = CarrierPool.idle();
      CarrierProbe.released = true;
      spinner.join(5_000);
      assertThat(spinner.isAlive()).as("the retired carrier ends once its loop does").isFalse();
      assertThat(CarrierPool.idle()).isEqualTo(idle);
    } finally {
      CarrierProbe.released = true;
      if (virtual) {
        VirtualCarriers.reset(); // for the tests after this one in this JVM
      }
    }
  }

  private static long liveHeap() {
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }
}
