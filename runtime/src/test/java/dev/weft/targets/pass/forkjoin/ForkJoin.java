package dev.weft.targets.pass.forkjoin;

import static dev.weft.targets.Checks.check;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.TimeUnit;

/**
 * Fork/join programs: recursive decomposition deeper than the pool is wide, on a pool of the
 * program's own and on the common pool; they check their results.
 */
public final class ForkJoin {
  private ForkJoin() {}

  /** Sums a range by splitting it in halves down to single elements. */
  static final class Sum extends RecursiveTask<Long> {
    private final int from;
    private final int to;

    Sum(int from, int to) {
      this.from = from;
      this.to = to;
    }

    @Override
    protected Long compute() {
      if (to - from <= 1) {
        return (long) from;
      }
      int mid = (from + to) >>> 1;
      Sum left = new Sum(from, mid);
      Sum right = new Sum(mid, to);
      left.fork();
      long r = right.compute();
      return left.join() + r;
    }
  }

  public static void recursiveSumOnOwnPool() throws InterruptedException {
    ForkJoinPool pool = new ForkJoinPool(2);
    long sum = pool.invoke(new Sum(0, 16));
    check(sum == 120, "sum " + sum);
    pool.shutdown();
    check(pool.awaitTermination(1, TimeUnit.MINUTES), "pool did not terminate");
  }

  /** Counts leaves into a shared total; {@code invokeAll} and the common pool. */
  public static final class Count extends RecursiveAction {
    private final int n;
    private final Counter into;

    public Count(int n, Counter into) {
      this.n = n;
      this.into = into;
    }

    @Override
    protected void compute() {
      if (n == 1) {
        into.add();
        return;
      }
      invokeAll(new Count(n / 2, into), new Count(n - n / 2, into));
    }
  }

  /** A counter whose safety is the subject of each program (here and in {@code ForkJoinBugs}). */
  public interface Counter {
    void add();

    int total();
  }

  static final class SafeCounter implements Counter {
    private int total;

    @Override
    public synchronized void add() {
      total++;
    }

    @Override
    public synchronized int total() {
      return total;
    }
  }

  public static void invokeAllOnCommonPool() {
    SafeCounter c = new SafeCounter();
    ForkJoinPool.commonPool().invoke(new Count(6, c));
    check(c.total() == 6, "counted " + c.total());
    List<ForkJoinTask<Integer>> parts = new ArrayList<>();
    for (int i = 1; i <= 3; i++) {
      int n = i;
      parts.add(ForkJoinPool.commonPool().submit(() -> n * 10));
    }
    int total = 0;
    for (ForkJoinTask<Integer> p : parts) {
      total += p.join();
    }
    check(total == 60, "submitted tasks gave " + total);
  }
}
