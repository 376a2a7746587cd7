package dev.weft.runtime.jdk;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.runtime.strategy.ReplayStrategy;
import dev.weft.targets.fail.jdkmonitors.HashtableCallbackDeadlock;
import dev.weft.targets.fail.jdkmonitors.SynchronizedMapCallbackDeadlock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A JDK method that holds its receiver's monitor while it calls back into target code takes that
 * monitor in Weft's model: a lock-order cycle through it is a deadlock finding with both threads
 * named, never a run skipped because a thread blocked inside the JVM.
 */
class ReceiverMonitorsTest {
  @ParameterizedTest
  @ValueSource(classes = {HashtableCallbackDeadlock.class, SynchronizedMapCallbackDeadlock.class})
  void aLockOrderCycleThroughAJdkMonitorIsADeadlock(Class<?> target) throws Exception {
    RunExecutor ex = Harness.executor(target);
    RunResult found = Harness.firstFindingWithoutSkips(ex, new RandomWalk(12), 300);
    assertThat(found).as("no deadlock in 300 runs").isNotNull();
    assertThat(found.failure().kind()).isEqualTo(FindingKind.DEADLOCK);
    assertThat(found.failure().message()).contains("writer").contains("waits to lock");
    RunResult replay = ex.execute(new ReplayStrategy(found.decisions()), 1);
    assertThat(replay.failure().signature()).isEqualTo(found.failure().signature());
  }
}
