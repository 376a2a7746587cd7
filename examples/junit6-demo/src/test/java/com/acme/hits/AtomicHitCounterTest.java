package com.acme.hits;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.junit.WeftTest;

class AtomicHitCounterTest {
  @WeftTest
  void twoVisitorsCountTwice() throws InterruptedException {
    AtomicHitCounter counter = new AtomicHitCounter();
    Thread first = new Thread(counter::hit, "first");
    Thread second = new Thread(counter::hit, "second");
    first.start();
    second.start();
    first.join();
    second.join();
    assertEquals(2, counter.hits());
  }
}
