package dev.weft.runtime.carrier;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.targets.jvm.ProcessorProbe;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Platform carriers run on one processor, chosen as the setting says, and let go when stuck; target
 * code on them still sees the process's processors.
 */
class CarrierCpuTest {

  @Test
  void everyPlatformCarrierOfEveryRunIsOnTheCarriersProcessor() throws Exception {
    var executor =
        Harness.executor(
            TargetSpec.main(ProcessorProbe.class.getName(), List.of("4")), RunBudget.DEFAULT);
    CarrierProbe.PROCESSORS.clear();
    CarrierProbe.TARGET_COUNTS.clear();
    for (int run = 1; run <= 3; run++) {
      assertThat(executor.execute(new RandomWalk(run), run).outcome())
          .isEqualTo(RunResult.Outcome.PASSED);
    }
    int[] usable = CarrierCpu.usable();
    String expected;
    if (VirtualCarriers.enabled()) {
      expected = Arrays.toString(usable); // a virtual carrier reports its platform thread's set
    } else if (usable != null && usable.length > 1) {
      assertThat(CarrierCpu.pinned()).isEqualTo(usable[usable.length - 1]);
      expected = "[" + CarrierCpu.pinned() + "]";
    } else {
      assertThat(CarrierCpu.pinned()).isEqualTo(-1);
      expected = Arrays.toString(usable);
    }
    assertThat(CarrierProbe.PROCESSORS).hasSize(3 * 5).containsOnly(expected);
    // what this thread, never pinned, is told: not the one processor of a pinned carrier
    assertThat(CarrierProbe.TARGET_COUNTS)
        .hasSize(3 * 5)
        .containsOnly(Runtime.getRuntime().availableProcessors());
    // the thread that started the runs was never pinned
    assertThat(Arrays.toString(CarrierCpu.processorsOf(0))).isEqualTo(Arrays.toString(usable));
  }

  @Test
  void theSettingPicksAProcessorCountedFromTheLast() {
    int[] four = {0, 1, 2, 5};
    assertThat(CarrierCpu.choose(four, "0")).isEqualTo(5);
    assertThat(CarrierCpu.choose(four, "1")).isEqualTo(2);
    assertThat(CarrierCpu.choose(four, "3")).isEqualTo(0);
    assertThat(CarrierCpu.choose(four, "4")).isEqualTo(5); // worker 4 of a pool wraps around
    assertThat(CarrierCpu.choose(four, "off")).isEqualTo(-1);
    assertThat(CarrierCpu.choose(four, "first")).isEqualTo(-1);
    assertThat(CarrierCpu.choose(new int[] {3}, "0")).as("the only processor").isEqualTo(-1);
  }
}
