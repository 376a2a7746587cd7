package dev.weft.runtime.perrun;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;

/**
 * A {@code ForkJoinPool} whose work runs on controlled threads. The JDK's pool runs tasks on {@link
 * ForkJoinWorkerThread}s that park inside the JDK, where Weft cannot follow them; this one hands
 * every task to a {@link ControlledThreadPoolExecutor} of {@code parallelism} workers. Target code
 * that constructs, extends or asks for the common pool gets this class, and {@code fork}, {@code
 * join} and {@code invokeAll} of tasks go through {@link ModelForkJoin}.
 *
 * <p>What is kept: tasks run at most once, in submission order; a {@code join} of a task that no
 * worker has started runs it in the joining thread, as the JDK's work stealing does, so recursive
 * decomposition never runs out of workers. What is not: work-stealing order between workers (any
 * order is one a real pool may produce), {@code managedBlock} compensation threads, and the
 * statistics ({@code getStealCount} is 0).
 */
public class ControlledForkJoinPool extends java.util.concurrent.ForkJoinPool {
  private final int parallelism;
  private final boolean common;
  private final ControlledThreadPoolExecutor workers;

  public ControlledForkJoinPool() {
    this(Math.max(1, Runtime.getRuntime().availableProcessors()), false);
  }

  public ControlledForkJoinPool(int parallelism) {
    this(parallelism, false);
  }

  public ControlledForkJoinPool(
      int parallelism,
      ForkJoinWorkerThreadFactory factory,
      Thread.UncaughtExceptionHandler handler,
      boolean asyncMode) {
    super(parallelism, factory, handler, asyncMode);
    this.parallelism = parallelism;
    this.common = false;
    this.workers = newWorkers(parallelism);
  }

  public ControlledForkJoinPool(
      int parallelism,
      ForkJoinWorkerThreadFactory factory,
      Thread.UncaughtExceptionHandler handler,
      boolean asyncMode,
      int corePoolSize,
      int maximumPoolSize,
      int minimumRunnable,
      Predicate<? super java.util.concurrent.ForkJoinPool> saturate,
      long keepAliveTime,
      TimeUnit unit) {
    super(
        parallelism,
        factory,
        handler,
        asyncMode,
        corePoolSize,
        maximumPoolSize,
        minimumRunnable,
        saturate,
        keepAliveTime,
        unit);
    this.parallelism = parallelism;
    this.common = false;
    this.workers = newWorkers(parallelism);
  }

  ControlledForkJoinPool(int parallelism, boolean common) {
    super(parallelism);
    this.parallelism = parallelism;
    this.common = common;
    this.workers = newWorkers(parallelism);
  }

  private ControlledThreadPoolExecutor newWorkers(int n) {
    return new ControlledThreadPoolExecutor(
        n,
        n,
        0L,
        TimeUnit.MILLISECONDS,
        new LinkedBlockingQueue<>(),
        r -> new Thread(r, (common ? "commonPool-worker-" : "forkjoin-worker-") + ++created));
  }

  private int created;

  // ------------------------------------------------------------------------------ submission

  /** Queues a task to run once on a worker, unless a joiner takes it first. */
  void push(ForkJoinTask<?> task) {
    if (task == null) {
      throw new NullPointerException();
    }
    ModelForkJoin.queued(task, this);
    workers.execute(
        () -> {
          if (ModelForkJoin.claim(task)) {
            ModelForkJoin.runIn(this, task);
          }
        });
  }

  @Override
  public <T> T invoke(ForkJoinTask<T> task) {
    push(task);
    return ModelForkJoin.join(task, 0);
  }

  @Override
  public void execute(ForkJoinTask<?> task) {
    push(task);
  }

  @Override
  public void execute(Runnable task) {
    if (task == null) {
      throw new NullPointerException();
    }
    if (task instanceof ForkJoinTask<?> t) {
      push(t);
    } else {
      workers.execute(() -> ModelForkJoin.runIn(this, task));
    }
  }

  @Override
  public <T> ForkJoinTask<T> submit(ForkJoinTask<T> task) {
    push(task);
    return task;
  }

  @Override
  public <T> ForkJoinTask<T> submit(Callable<T> task) {
    return submit(ForkJoinTask.adapt(task));
  }

  @Override
  public <T> ForkJoinTask<T> submit(Runnable task, T result) {
    return submit(ForkJoinTask.adapt(task, result));
  }

  @Override
  @SuppressWarnings("unchecked")
  public ForkJoinTask<?> submit(Runnable task) {
    if (task instanceof ForkJoinTask<?> t) {
      return submit((ForkJoinTask<Object>) t);
    }
    return submit(ForkJoinTask.adapt(task));
  }

  @Override
  public <T> List<Future<T>> invokeAll(Collection<? extends Callable<T>> tasks) {
    List<ForkJoinTask<T>> submitted = new ArrayList<>();
    for (Callable<T> c : tasks) {
      submitted.add(submit(c));
    }
    for (ForkJoinTask<T> t : submitted) {
      ModelForkJoin.quietlyJoin(t, 0);
    }
    return new ArrayList<>(submitted);
  }

  @Override
  public <T> List<Future<T>> invokeAll(
      Collection<? extends Callable<T>> tasks, long timeout, TimeUnit unit)
      throws InterruptedException {
    return BulkSubmission.invokeAll(this, tasks, timeout, unit);
  }

  @Override
  public <T> T invokeAny(Collection<? extends Callable<T>> tasks)
      throws InterruptedException, ExecutionException {
    return BulkSubmission.invokeAny(this, tasks);
  }

  @Override
  public <T> T invokeAny(Collection<? extends Callable<T>> tasks, long timeout, TimeUnit unit)
      throws InterruptedException, ExecutionException, TimeoutException {
    return BulkSubmission.invokeAny(this, tasks, timeout, unit);
  }

  // -------------------------------------------------------------------------------- lifecycle

  /** The common pool cannot be shut down, as on the JDK. */
  @Override
  public void shutdown() {
    if (!common) {
      workers.shutdown();
    }
  }

  @Override
  public List<Runnable> shutdownNow() {
    if (!common) {
      workers.shutdownNow();
    }
    return List.of();
  }

  /** {@code close()} of JDK 19 and later: shut down and wait. */
  public void close() {
    if (common) {
      return;
    }
    shutdown();
    boolean interrupted = false;
    while (!isTerminated()) {
      try {
        awaitTermination(1, TimeUnit.DAYS);
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public boolean isShutdown() {
    return workers.isShutdown();
  }

  @Override
  public boolean isTerminated() {
    return workers.isTerminated();
  }

  @Override
  public boolean isTerminating() {
    return workers.isTerminating();
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
    if (common) {
      return awaitQuiescence(timeout, unit);
    }
    return workers.awaitTermination(timeout, unit);
  }

  @Override
  public boolean awaitQuiescence(long timeout, TimeUnit unit) {
    long deadline = System.nanoTime() + unit.toNanos(timeout);
    while (!isQuiescent()) {
      if (System.nanoTime() - deadline >= 0) {
        return false;
      }
      Thread.yield();
    }
    return true;
  }

  // -------------------------------------------------------------------------------- counts

  @Override
  public int getParallelism() {
    return parallelism;
  }

  @Override
  public int getPoolSize() {
    return workers.getPoolSize();
  }

  @Override
  public int getActiveThreadCount() {
    return workers.getActiveCount();
  }

  @Override
  public int getRunningThreadCount() {
    return workers.getActiveCount();
  }

  @Override
  public boolean isQuiescent() {
    return workers.getActiveCount() == 0 && workers.getQueue().isEmpty();
  }

  @Override
  public long getStealCount() {
    return 0;
  }

  @Override
  public long getQueuedTaskCount() {
    return workers.getQueue().size();
  }

  @Override
  public int getQueuedSubmissionCount() {
    return workers.getQueue().size();
  }

  @Override
  public boolean hasQueuedSubmissions() {
    return !workers.getQueue().isEmpty();
  }

  @Override
  public String toString() {
    return getClass().getName() + "[parallelism = " + parallelism + ", " + workers + "]";
  }
}
