package dev.weft.runtime.perrun;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Stand-ins for the {@code Executors} factories and for {@code CompletableFuture}'s default async
 * pool and delay thread, with the same signatures (instance methods take the receiver first), so
 * the instrumentation only has to change the owner of the call. The common pool and the delayer are
 * static fields of this class, reset before each run: one of each per run.
 */
public final class ModelExecutors {
  private static final int COMMON_PARALLELISM = 3;

  private ModelExecutors() {}

  public static ExecutorService newFixedThreadPool(int threads) {
    return new ControlledThreadPoolExecutor(
        threads, threads, 0L, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>());
  }

  public static ExecutorService newFixedThreadPool(int threads, ThreadFactory factory) {
    return new ControlledThreadPoolExecutor(
        threads, threads, 0L, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), factory);
  }

  public static ExecutorService newCachedThreadPool() {
    return new ControlledThreadPoolExecutor(
        0, Integer.MAX_VALUE, 60L, TimeUnit.SECONDS, new SynchronousQueue<>());
  }

  public static ExecutorService newCachedThreadPool(ThreadFactory factory) {
    return new ControlledThreadPoolExecutor(
        0, Integer.MAX_VALUE, 60L, TimeUnit.SECONDS, new SynchronousQueue<>(), factory);
  }

  public static ExecutorService newSingleThreadExecutor() {
    return newFixedThreadPool(1);
  }

  public static ExecutorService newSingleThreadExecutor(ThreadFactory factory) {
    return newFixedThreadPool(1, factory);
  }

  public static ExecutorService newWorkStealingPool() {
    return newFixedThreadPool(COMMON_PARALLELISM);
  }

  public static ExecutorService newWorkStealingPool(int parallelism) {
    return newFixedThreadPool(parallelism);
  }

  public static ScheduledExecutorService newScheduledThreadPool(int threads) {
    return new ControlledScheduledThreadPoolExecutor(threads);
  }

  public static ScheduledExecutorService newScheduledThreadPool(
      int threads, ThreadFactory factory) {
    return new ControlledScheduledThreadPoolExecutor(threads, factory);
  }

  public static ScheduledExecutorService newSingleThreadScheduledExecutor() {
    return new ControlledScheduledThreadPoolExecutor(1);
  }

  public static ScheduledExecutorService newSingleThreadScheduledExecutor(ThreadFactory factory) {
    return new ControlledScheduledThreadPoolExecutor(1, factory);
  }

  /** The run's stand-in for {@code ForkJoinPool.commonPool()} as an async executor. */
  public static ExecutorService commonPool() {
    return ModelForkJoin.commonPool();
  }

  private static ControlledScheduledThreadPoolExecutor delayer;

  /** The run's stand-in for {@code CompletableFuture}'s hidden delay thread. */
  private static synchronized ScheduledExecutorService delayer() {
    if (delayer == null) {
      delayer = new ControlledScheduledThreadPoolExecutor(1);
      delayer.setRemoveOnCancelPolicy(true);
    }
    return delayer;
  }

  /** {@code future.orTimeout(timeout, unit)} on the virtual clock. */
  public static <T> CompletableFuture<T> orTimeout(
      CompletableFuture<T> future, long timeout, TimeUnit unit) {
    if (unit == null) {
      throw new NullPointerException();
    }
    if (!future.isDone()) {
      ScheduledFuture<?> timer =
          delayer()
              .schedule(() -> future.completeExceptionally(new TimeoutException()), timeout, unit);
      future.whenComplete((result, failure) -> timer.cancel(false));
    }
    return future;
  }

  /** {@code future.completeOnTimeout(value, timeout, unit)} on the virtual clock. */
  public static <T> CompletableFuture<T> completeOnTimeout(
      CompletableFuture<T> future, T value, long timeout, TimeUnit unit) {
    if (unit == null) {
      throw new NullPointerException();
    }
    if (!future.isDone()) {
      ScheduledFuture<?> timer = delayer().schedule(() -> future.complete(value), timeout, unit);
      future.whenComplete((result, failure) -> timer.cancel(false));
    }
    return future;
  }

  /** {@code future.defaultExecutor()}: the pool its {@code *Async} stages run on. */
  public static Executor defaultExecutor(CompletableFuture<?> future) {
    return commonPool();
  }

  /** {@code CompletableFuture.delayedExecutor(delay, unit)}, on the virtual clock. */
  public static Executor delayedExecutor(long delay, TimeUnit unit) {
    return delayedExecutor(delay, unit, commonPool());
  }

  /** {@code CompletableFuture.delayedExecutor(delay, unit, executor)}, on the virtual clock. */
  public static Executor delayedExecutor(long delay, TimeUnit unit, Executor executor) {
    if (unit == null || executor == null) {
      throw new NullPointerException();
    }
    return task -> {
      if (task == null) {
        throw new NullPointerException();
      }
      delayer().schedule(() -> executor.execute(task), delay, unit);
    };
  }

  public static <U> CompletableFuture<U> supplyAsync(Supplier<U> supplier) {
    return CompletableFuture.supplyAsync(supplier, commonPool());
  }

  public static CompletableFuture<Void> runAsync(Runnable runnable) {
    return CompletableFuture.runAsync(runnable, commonPool());
  }
}
