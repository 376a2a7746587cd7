package dev.weft.runtime.perrun;

import dev.weft.runtime.jdk.inside.JdkTaskRunner;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;

/**
 * Stand-ins for the fork/join calls that would reach the JDK's worker threads: {@code
 * ForkJoinPool.commonPool()}, a task's {@code fork()}, {@code join()} and {@code quietlyJoin()},
 * and the static {@code ForkJoinTask.invokeAll}. A fork queues the task on the pool of the worker
 * that forks it (the run's common pool outside one); a join of a task nobody has started runs it in
 * the joining thread, otherwise waits for it with a modelled {@code Future.get}. Static state is
 * per run: it is reset before each run.
 */
public final class ModelForkJoin {
  private static final int COMMON_PARALLELISM = 3;
  private static ControlledForkJoinPool common;
  private static final ThreadLocal<ControlledForkJoinPool> CURRENT = new ThreadLocal<>();

  private ModelForkJoin() {}

  /** The run's stand-in for {@code ForkJoinPool.commonPool()}. */
  public static synchronized ForkJoinPool commonPool() {
    if (common == null) {
      common = new ControlledForkJoinPool(COMMON_PARALLELISM, true);
    }
    return common;
  }

  /**
   * Runs a task on a worker of {@code pool}, so that its forks go back to that pool. Where the JVM
   * runs the instrumented JDK, the task's body is run as the JDK's workers run it, without waiting
   * for its completion (a counted completer's comes with its last subtask's).
   */
  static void runIn(ControlledForkJoinPool pool, ForkJoinTask<?> task) {
    if (task instanceof Runnable r) {
      // CompletableFuture's async stages and adapted runnables: run() does the work (their exec()
      // reports "not done", and quietlyInvoke would then park inside the JDK)
      runIn(pool, r);
    } else if (JdkTaskRunner.available()) {
      runIn(pool, (Runnable) () -> JdkTaskRunner.runBody(task));
    } else {
      runIn(pool, (Runnable) task::quietlyInvoke);
    }
  }

  /** Runs plain work (an {@code execute(Runnable)}) with {@code pool} as the caller's pool. */
  static void runIn(ControlledForkJoinPool pool, Runnable work) {
    ControlledForkJoinPool outer = CURRENT.get();
    CURRENT.set(pool);
    try {
      work.run();
    } finally {
      CURRENT.set(outer);
    }
  }

  private static ControlledForkJoinPool poolOfCaller() {
    ControlledForkJoinPool pool = CURRENT.get();
    return pool != null ? pool : (ControlledForkJoinPool) commonPool();
  }

  /** {@code task.fork()}. The site argument is the hook convention; it is not needed here. */
  public static <T> ForkJoinTask<T> fork(ForkJoinTask<T> task, int site) {
    poolOfCaller().push(task);
    return task;
  }

  /** {@code task.join()}: the JDK's result or exception, once the task is done. */
  public static <T> T join(ForkJoinTask<T> task, int site) {
    awaitDone(task);
    return task.join();
  }

  /** {@code task.quietlyJoin()}. */
  public static void quietlyJoin(ForkJoinTask<?> task, int site) {
    awaitDone(task);
  }

  private static void awaitDone(ForkJoinTask<?> task) {
    if (task.isDone()) {
      return;
    }
    ControlledForkJoinPool holder = queuedIn(task);
    if (holder != null && claim(task)) {
      runIn(holder, task); // nobody started it: run it here, as a stealing joiner would
      if (!JdkTaskRunner.available()) {
        return; // quietlyInvoke waited for it; a body run as a worker runs it may complete later
      }
    }
    boolean interrupted = false;
    while (!task.isDone()) {
      try {
        task.get();
      } catch (InterruptedException e) {
        interrupted = true; // join is not interruptible
      } catch (ExecutionException | CancellationException e) {
        break; // task.join() reports it
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /** Queued tasks nobody has started yet, and the pool each was queued on. */
  private static final Map<ForkJoinTask<?>, ControlledForkJoinPool> QUEUED =
      new IdentityHashMap<>();

  static synchronized void queued(ForkJoinTask<?> task, ControlledForkJoinPool pool) {
    QUEUED.put(task, pool);
  }

  /** Claims a queued task for running; false if someone already did. */
  static synchronized boolean claim(ForkJoinTask<?> task) {
    return QUEUED.remove(task) != null;
  }

  private static synchronized ControlledForkJoinPool queuedIn(ForkJoinTask<?> task) {
    return QUEUED.get(task);
  }

  /** {@code ForkJoinTask.invokeAll(t1, t2)}: fork the second, run the first, join both. */
  public static void invokeAll(ForkJoinTask<?> t1, ForkJoinTask<?> t2) {
    fork(t2, 0);
    t1.invoke();
    join(t2, 0);
  }

  /** {@code ForkJoinTask.invokeAll(tasks...)}. */
  public static void invokeAll(ForkJoinTask<?>... tasks) {
    invokeTasks(List.of(tasks));
  }

  /** {@code ForkJoinTask.invokeAll(collection)}. */
  public static <T extends ForkJoinTask<?>> Collection<T> invokeAll(Collection<T> tasks) {
    invokeTasks(new ArrayList<>(tasks));
    return tasks;
  }

  private static void invokeTasks(List<? extends ForkJoinTask<?>> tasks) {
    for (int i = 1; i < tasks.size(); i++) {
      fork(tasks.get(i), 0);
    }
    if (!tasks.isEmpty()) {
      tasks.get(0).quietlyInvoke();
    }
    ForkJoinTask<?> failed = null;
    for (ForkJoinTask<?> t : tasks) {
      awaitDone(t);
      if (failed == null && t.isCompletedAbnormally()) {
        failed = t;
      }
    }
    if (failed != null) {
      failed.join(); // throws the task's exception as the JDK reports it
    }
  }
}
