package dev.weft.runtime.model;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Stand-ins for the {@code Executors} factories and for {@code CompletableFuture}'s default async
 * pool, with the same signatures, so the instrumentation only has to change the owner of the call.
 * The common pool is a static field of this class, which each run loads afresh: one pool per run.
 */
public final class ModelExecutors {
  private static final int COMMON_PARALLELISM = 3;
  private static ExecutorService common;

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

  /** The run's stand-in for {@code ForkJoinPool.commonPool()} as an async executor. */
  public static synchronized ExecutorService commonPool() {
    if (common == null) {
      common = newFixedThreadPool(COMMON_PARALLELISM);
    }
    return common;
  }

  public static <U> CompletableFuture<U> supplyAsync(Supplier<U> supplier) {
    return CompletableFuture.supplyAsync(supplier, commonPool());
  }

  public static CompletableFuture<Void> runAsync(Runnable runnable) {
    return CompletableFuture.runAsync(runnable, commonPool());
  }
}
