package dev.weft.examples.juc;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A lost update inside an {@link ExecutorService}: tasks increment a plain counter.
 *
 * <p>Three tasks on a pool of two threads each do {@code hits = hits + 1}. Failing interleaving:
 * both pool threads read the same value of {@code hits} before either writes it back, so one
 * increment is lost and the total after {@code awaitTermination} is short.
 */
public final class ExecutorLostUpdate {
  private int hits;

  private ExecutorLostUpdate() {}

  void hit() {
    hits = hits + 1;
  }

  public static void main(String[] args) throws InterruptedException {
    ExecutorLostUpdate page = new ExecutorLostUpdate();
    ExecutorService pool = Executors.newFixedThreadPool(2);
    for (int i = 0; i < 3; i++) {
      pool.execute(page::hit);
    }
    pool.shutdown();
    if (!pool.awaitTermination(10, TimeUnit.SECONDS)) {
      throw new IllegalStateException("pool did not terminate");
    }
    if (page.hits != 3) {
      throw new AssertionError("hits " + page.hits + ", expected 3");
    }
  }
}
