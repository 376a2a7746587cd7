package dev.weft.examples.juc;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Correct twin of {@link ExecutorLostUpdate}: the counter is an {@link AtomicInteger}, and {@code
 * main} waits for every task's future before it reads the total.
 */
public final class ExecutorLostUpdateFixed {
  private final AtomicInteger hits = new AtomicInteger();

  private ExecutorLostUpdateFixed() {}

  void hit() {
    hits.incrementAndGet();
  }

  public static void main(String[] args) throws InterruptedException, ExecutionException {
    ExecutorLostUpdateFixed page = new ExecutorLostUpdateFixed();
    ExecutorService pool = Executors.newFixedThreadPool(2);
    List<Future<?>> done = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      done.add(pool.submit(page::hit));
    }
    for (Future<?> f : done) {
      f.get();
    }
    pool.shutdown();
    if (page.hits.get() != 3) {
      throw new AssertionError("hits " + page.hits.get() + ", expected 3");
    }
  }
}
