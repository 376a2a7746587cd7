package dev.weft.runtime.model;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.function.Supplier;

/**
 * Stand-ins for the {@code Executors} factories and for {@code CompletableFuture}'s default async
 * pool, with the same signatures, so the instrumentation only has to change the owner of the call.
 * The common pool is a static field of this class, which each run loads afresh: one pool per run.
 */
public final class ModelExecutors {
  private static final int COMMON_PARALLELISM = 3;
  private static ControlledExecutor common;

  private ModelExecutors() {}

  public static ExecutorService newFixedThreadPool(int threads) {
    return new ControlledExecutor(threads, null);
  }

  public static ExecutorService newFixedThreadPool(int threads, ThreadFactory factory) {
    return new ControlledExecutor(threads, factory);
  }

  public static ExecutorService newCachedThreadPool() {
    return new ControlledExecutor(Integer.MAX_VALUE, null);
  }

  public static ExecutorService newCachedThreadPool(ThreadFactory factory) {
    return new ControlledExecutor(Integer.MAX_VALUE, factory);
  }

  public static ExecutorService newSingleThreadExecutor() {
    return new ControlledExecutor(1, null);
  }

  public static ExecutorService newSingleThreadExecutor(ThreadFactory factory) {
    return new ControlledExecutor(1, factory);
  }

  public static ExecutorService newWorkStealingPool() {
    return new ControlledExecutor(COMMON_PARALLELISM, null);
  }

  public static ExecutorService newWorkStealingPool(int parallelism) {
    return new ControlledExecutor(parallelism, null);
  }

  /** The run's stand-in for {@code ForkJoinPool.commonPool()} as an async executor. */
  public static synchronized ExecutorService commonPool() {
    if (common == null) {
      common = new ControlledExecutor(COMMON_PARALLELISM, null);
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
