package dev.weft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The processor a pool's worker pins its carriers to, from the one its {@code fuzz} was given. */
class FuzzPoolTest {
  @Test
  void workersCountOnFromTheProcessorTheirPoolWasGiven() {
    assertThat(FuzzPool.carrierCpu(null, 0)).isEqualTo("0");
    assertThat(FuzzPool.carrierCpu(null, 1)).isEqualTo("1");
    // members on one machine given processors 1 and 3 in WEFT_JAVA_OPTS keep them in their workers
    assertThat(FuzzPool.carrierCpu("1", 0)).isEqualTo("1");
    assertThat(FuzzPool.carrierCpu("3", 1)).isEqualTo("4");
    // off, and what the runtime does not take, are inherited with the pool's own JVM options
    assertThat(FuzzPool.carrierCpu("off", 0)).isNull();
    assertThat(FuzzPool.carrierCpu("two", 0)).isNull();
  }
}
