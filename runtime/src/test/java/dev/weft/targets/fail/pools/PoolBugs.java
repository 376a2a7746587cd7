package dev.weft.targets.fail.pools;

import static dev.weft.targets.Checks.check;

import dev.weft.targets.pass.pools.Pools.CountingPool;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Lost updates in pool tasks: a subclassed pool's tasks and two async stages update a plain field.
 */
public final class PoolBugs {
  private PoolBugs() {}

  static int hits;

  /** Bug: tasks of a subclassed pool update a plain field. */
  public static void lostUpdateInSubclassedPool() throws InterruptedException {
    hits = 0;
    CountingPool pool = new CountingPool();
    for (int i = 0; i < 2; i++) {
      pool.execute(() -> hits++);
    }
    pool.shutdown();
    pool.awaitTermination(1, TimeUnit.MINUTES);
    check(hits == 2, "lost update: " + hits);
  }

  /** Bug: two async stages update a plain field. */
  public static void asyncStagesLoseAnUpdate() {
    hits = 0;
    CompletableFuture<Void> first = CompletableFuture.completedFuture(1).thenRunAsync(() -> hits++);
    CompletableFuture<Void> second =
        CompletableFuture.completedFuture(2).thenRunAsync(() -> hits++);
    first.join();
    second.join();
    check(hits == 2, "lost update: " + hits);
  }
}
