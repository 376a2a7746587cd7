package dev.weft.runtime.jdk.inside;

import dev.weft.runtime.control.ControlledThread;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.ThreadFactory;

/**
 * The model methods the bridge hands JDK code's thread-making calls to, as the run's loader gives
 * them: the models are loaded per run ({@code dev.weft.runtime.perrun}), so the bridge, in {@code
 * java.base}, reaches them through handles, looked up once per loader. A parallel stream's fork, a
 * completion for the default async executor and a JDK module's cached pool go to these.
 */
final class RunModels {
  private static final String FORK_JOIN = "dev.weft.runtime.perrun.ModelForkJoin";
  private static final String EXECUTORS = "dev.weft.runtime.perrun.ModelExecutors";

  private static final Map<ClassLoader, RunModels> BY_LOADER = new WeakHashMap<>();

  private final MethodHandle fork;
  private final MethodHandle commonPool;
  private final MethodHandle newCachedThreadPool;

  private RunModels(MethodHandle fork, MethodHandle commonPool, MethodHandle newCachedThreadPool) {
    this.fork = fork;
    this.commonPool = commonPool;
    this.newCachedThreadPool = newCachedThreadPool;
  }

  /** The models of {@code t}'s run, or null when its loader has none (the JDK's own then). */
  static RunModels of(ControlledThread t) {
    ClassLoader loader = t.scheduler().runLoader();
    if (loader == null) {
      return null;
    }
    synchronized (BY_LOADER) {
      RunModels known = BY_LOADER.get(loader);
      if (known == null) {
        known = lookUp(loader);
        if (known != null) {
          BY_LOADER.put(loader, known);
        }
      }
      return known;
    }
  }

  private static RunModels lookUp(ClassLoader loader) {
    try {
      MethodHandles.Lookup lookup = MethodHandles.publicLookup();
      Class<?> forkJoin = Class.forName(FORK_JOIN, true, loader);
      Class<?> executors = Class.forName(EXECUTORS, false, loader); // initialised when called
      return new RunModels(
          lookup.findStatic(
              forkJoin,
              "fork",
              MethodType.methodType(ForkJoinTask.class, ForkJoinTask.class, int.class)),
          lookup.findStatic(executors, "commonPool", MethodType.methodType(ExecutorService.class)),
          lookup.findStatic(
              executors,
              "newCachedThreadPool",
              MethodType.methodType(ExecutorService.class, ThreadFactory.class)));
    } catch (ReflectiveOperationException e) {
      return null;
    }
  }

  /** {@code ModelForkJoin.fork(task, 0)}: the task to the run's stand-in pool. */
  ForkJoinTask<?> fork(ForkJoinTask<?> task) {
    try {
      return (ForkJoinTask<?>) fork.invokeExact(task, 0);
    } catch (Throwable e) {
      throw unchecked(e);
    }
  }

  /** {@code ModelExecutors.commonPool()}: the run's stand-in for the common pool. */
  ExecutorService commonPool() {
    try {
      return (ExecutorService) commonPool.invokeExact();
    } catch (Throwable e) {
      throw unchecked(e);
    }
  }

  /** {@code ModelExecutors.newCachedThreadPool(factory)}: a model pool of controlled workers. */
  ExecutorService newCachedThreadPool(ThreadFactory factory) {
    try {
      return (ExecutorService) newCachedThreadPool.invokeExact(factory);
    } catch (Throwable e) {
      throw unchecked(e);
    }
  }

  /** What a model method threw: none declares a checked exception. */
  private static RuntimeException unchecked(Throwable e) {
    if (e instanceof RuntimeException r) {
      throw r;
    }
    if (e instanceof Error err) {
      throw err;
    }
    return new IllegalStateException(e);
  }
}
