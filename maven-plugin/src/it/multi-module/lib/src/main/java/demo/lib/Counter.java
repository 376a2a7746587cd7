package demo.lib;

import java.util.concurrent.atomic.AtomicInteger;

public final class Counter {
  private final AtomicInteger count = new AtomicInteger();

  public void increment() {
    count.incrementAndGet();
  }

  public int value() {
    return count.get();
  }
}
