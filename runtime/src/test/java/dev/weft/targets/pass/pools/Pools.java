package dev.weft.targets.pass.pools;

import static dev.weft.targets.Checks.check;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Programs that build thread pools the ways real code does: {@code new ThreadPoolExecutor} with
 * bounded queues and rejection policies, subclasses with execution hooks, casts of {@code
 * Executors} pools, scheduled pools on the virtual clock, and {@code CompletableFuture} async
 * stages on the run's pool. They check the pool's contract themselves.
 */
public final class Pools {
  private Pools() {}

  /** A bounded pool whose overflow runs in the caller: every task runs exactly once. */
  public static void boundedPoolCallerRuns() throws InterruptedException {
    AtomicInteger ran = new AtomicInteger();
    ThreadPoolExecutor pool =
        new ThreadPoolExecutor(
            1,
            2,
            1,
            TimeUnit.SECONDS,
            new ArrayBlockingQueue<>(1),
            new ThreadPoolExecutor.CallerRunsPolicy());
    for (int i = 0; i < 6; i++) {
      pool.execute(ran::incrementAndGet);
    }
    pool.shutdown();
    check(pool.awaitTermination(1, TimeUnit.MINUTES), "pool did not terminate");
    check(ran.get() == 6, "ran " + ran.get() + " of 6");
    check(pool.getPoolSize() == 0 && pool.isTerminated(), "workers left: " + pool);
    check(pool.getLargestPoolSize() <= 2, "more workers than the maximum: " + pool);
  }

  /** A direct-handoff pool with one worker rejects what it cannot take, and runs what it took. */
  public static void handoffPoolRejects() throws InterruptedException {
    AtomicInteger ran = new AtomicInteger();
    ThreadPoolExecutor pool =
        new ThreadPoolExecutor(0, 1, 1, TimeUnit.SECONDS, new SynchronousQueue<>());
    int accepted = 0;
    for (int i = 0; i < 4; i++) {
      try {
        pool.execute(ran::incrementAndGet);
        accepted++;
      } catch (RejectedExecutionException expected) {
        // the one worker is busy
      }
    }
    check(accepted >= 1, "the first task must be accepted");
    pool.shutdown();
    check(pool.awaitTermination(1, TimeUnit.MINUTES), "pool did not terminate");
    check(ran.get() == accepted, "accepted " + accepted + " but ran " + ran.get());
  }

  /**
   * A subclass's hooks see every task, and {@code terminated} runs once after the last. {@code
   * PoolBugs} subclasses pools the same way.
   */
  public static final class CountingPool extends ThreadPoolExecutor {
    final AtomicInteger before = new AtomicInteger();
    final AtomicInteger after = new AtomicInteger();
    final AtomicInteger terminatedCalls = new AtomicInteger();
    volatile int afterAtTermination = -1;

    public CountingPool() {
      super(2, 2, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>());
    }

    @Override
    protected void beforeExecute(Thread t, Runnable r) {
      before.incrementAndGet();
      super.beforeExecute(t, r);
    }

    @Override
    protected void afterExecute(Runnable r, Throwable t) {
      super.afterExecute(r, t);
      after.incrementAndGet();
    }

    @Override
    protected void terminated() {
      afterAtTermination = after.get();
      terminatedCalls.incrementAndGet();
    }
  }

  public static void subclassHooksSeeEveryTask() throws Exception {
    CountingPool pool = new CountingPool();
    List<Future<Integer>> results = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      int n = i;
      results.add(pool.submit(() -> n * n));
    }
    int sum = 0;
    for (Future<Integer> f : results) {
      sum += f.get();
    }
    pool.shutdown();
    check(pool.awaitTermination(1, TimeUnit.MINUTES), "pool did not terminate");
    check(sum == 0 + 1 + 4 + 9, "sum " + sum);
    check(pool.before.get() == 4 && pool.after.get() == 4, "hooks " + pool.before + pool.after);
    check(pool.terminatedCalls.get() == 1, "terminated() ran " + pool.terminatedCalls + " times");
    check(pool.afterAtTermination == 4, "terminated() before the last task finished");
  }

  /** {@code Executors} pools are {@code ThreadPoolExecutor}s, as on the JDK. */
  public static void executorsPoolIsAThreadPoolExecutor()
      throws InterruptedException, ExecutionException {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    ThreadPoolExecutor tpe = (ThreadPoolExecutor) pool;
    check(tpe.getCorePoolSize() == 2, "core " + tpe.getCorePoolSize());
    List<java.util.concurrent.Callable<Integer>> tasks = new ArrayList<>();
    for (int i = 1; i <= 3; i++) {
      int n = i;
      tasks.add(() -> n);
    }
    int sum = 0;
    for (Future<Integer> f : pool.invokeAll(tasks)) {
      sum += f.get();
    }
    check(sum == 6, "sum " + sum);
    check(pool.shutdownNow().isEmpty(), "tasks left after invokeAll");
  }

  /** Delayed tasks run in due order, on the virtual clock, whatever order they were given in. */
  public static void scheduledTasksRunInDueOrder() throws Exception {
    ScheduledThreadPoolExecutor pool = new ScheduledThreadPoolExecutor(2);
    List<String> order = java.util.Collections.synchronizedList(new ArrayList<>());
    long start = System.nanoTime();
    ScheduledFuture<?> c = pool.schedule(() -> order.add("c"), 3, TimeUnit.HOURS);
    ScheduledFuture<?> a = pool.schedule(() -> order.add("a"), 1, TimeUnit.HOURS);
    ScheduledFuture<String> b = pool.schedule(() -> "b", 2, TimeUnit.HOURS);
    a.get();
    order.add(b.get());
    c.get();
    long elapsed = System.nanoTime() - start;
    check(order.equals(List.of("a", "b", "c")), "order " + order);
    check(elapsed >= TimeUnit.HOURS.toNanos(3), "ran before due: " + elapsed);
    pool.shutdown();
    check(pool.awaitTermination(1, TimeUnit.MINUTES), "pool did not terminate");
  }

  /** A fixed-rate task runs once per period, on the virtual clock, until cancelled. */
  public static void fixedRateRunsUntilCancelled() throws Exception {
    ScheduledExecutorService pool = Executors.newSingleThreadScheduledExecutor();
    java.util.concurrent.CountDownLatch threeTicks = new java.util.concurrent.CountDownLatch(3);
    long start = System.nanoTime();
    ScheduledFuture<?> tick =
        pool.scheduleAtFixedRate(threeTicks::countDown, 0, 10, TimeUnit.SECONDS);
    threeTicks.await();
    long elapsed = System.nanoTime() - start;
    check(elapsed >= TimeUnit.SECONDS.toNanos(20), "third tick before 20 s: " + elapsed);
    tick.cancel(false);
    check(tick.isCancelled(), "not cancelled");
    pool.shutdown();
    check(pool.awaitTermination(1, TimeUnit.MINUTES), "pool did not terminate");
  }

  static int hits;

  /** A heartbeat left running does not keep the run alive once the program's work is done. */
  public static void heartbeatLeftRunning() {
    ScheduledExecutorService pool = Executors.newScheduledThreadPool(1);
    pool.scheduleWithFixedDelay(() -> hits++, 1, 1, TimeUnit.SECONDS);
  }

  /** Async stages without an executor, and timeouts, run on controlled threads. */
  public static void asyncStagesAndTimeouts() {
    CompletableFuture<Integer> six =
        CompletableFuture.supplyAsync(() -> 2)
            .thenApplyAsync(x -> x * 3)
            .thenCombineAsync(CompletableFuture.completedFuture(0), Integer::sum);
    check(six.join() == 6, "pipeline gave " + six.join());
    CompletableFuture<String> never = new CompletableFuture<>();
    try {
      never.orTimeout(5, TimeUnit.SECONDS).join();
      check(false, "orTimeout did not time out");
    } catch (java.util.concurrent.CompletionException e) {
      check(e.getCause() instanceof java.util.concurrent.TimeoutException, "cause " + e);
    }
    String value =
        new CompletableFuture<String>().completeOnTimeout("late", 1, TimeUnit.MINUTES).join();
    check(value.equals("late"), "completeOnTimeout gave " + value);
    CompletableFuture<String> quick = new CompletableFuture<>();
    quick.orTimeout(1, TimeUnit.HOURS);
    CompletableFuture.runAsync(() -> quick.complete("done"));
    check(quick.join().equals("done"), "completed in time but got " + quick);
    Executor later = CompletableFuture.delayedExecutor(1, TimeUnit.HOURS);
    long start = System.nanoTime();
    CompletableFuture.runAsync(() -> {}, later).join();
    check(System.nanoTime() - start >= TimeUnit.HOURS.toNanos(1), "delayed executor ran early");
  }
}
