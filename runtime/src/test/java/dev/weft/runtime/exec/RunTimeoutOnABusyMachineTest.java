package dev.weft.runtime.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.carrier.CarrierCpu;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.runtime.strategy.Pct;
import dev.weft.targets.misbehaving.BadTargets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * The run timeout leaves out the time the thread holding the turn waited for a processor: beside
 * three busy threads a processor, a run that goes on for ever gets about a quarter of it, so its
 * half-second timeout takes about two seconds of wall clock; counted on the wall clock, it would
 * end after half a second.
 */
class RunTimeoutOnABusyMachineTest {
  @Test
  void timeSpentWaitingForAProcessorIsNotCountedAgainstTheRunTimeout() throws Exception {
    RunExecutor executor =
        Harness.executor(
            Harness.testTargetsPath(),
            TargetSpec.method(BadTargets.class.getName() + "::twoThreadsLoopForEver"),
            new RunBudget(Integer.MAX_VALUE, 500, 2_000));
    executor.execute(new Pct(2, 1), 1); // classes loaded, carriers started, before the clock runs
    AtomicBoolean stop = new AtomicBoolean();
    List<Thread> busy = new ArrayList<>();
    // three busy threads a processor: wherever the carriers run (pinned to one processor on JDK
    // 17, on the virtual carriers' scheduler thread on 21+), they get about a quarter of it
    for (int i = 0; i < 3 * CarrierCpu.processors(); i++) {
      Thread b =
          new Thread(
              () -> {
                while (!stop.get()) {
                  Thread.onSpinWait();
                }
              },
              "busy-" + i);
      b.setDaemon(true);
      b.start();
      busy.add(b);
    }
    try {
      long start = System.nanoTime();
      RunResult r = executor.execute(new Pct(2, 1), 2);
      long millis = (System.nanoTime() - start) / 1_000_000;

      assertThat(r.failure().kind()).isEqualTo(FindingKind.HANG);
      assertThat(r.failure().message()).contains("run-timeout");
      assertThat(millis)
          .as("a quarter of a processor for half a second of the run's own time")
          .isGreaterThan(1_000);
    } finally {
      stop.set(true);
      for (Thread b : busy) {
        b.join();
      }
    }
  }
}
