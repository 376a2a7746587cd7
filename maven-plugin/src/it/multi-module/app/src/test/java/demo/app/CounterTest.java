package demo.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import demo.lib.Counter;
import org.junit.jupiter.api.Test;

class CounterTest {
  @Test
  void twoThreadsCount() throws InterruptedException {
    Counter counter = new Counter();
    Thread a = new Thread(counter::increment, "a");
    Thread b = new Thread(counter::increment, "b");
    a.start();
    b.start();
    a.join();
    b.join();
    assertEquals(2, counter.value());
  }
}
