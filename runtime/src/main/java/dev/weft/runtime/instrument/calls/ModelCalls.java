package dev.weft.runtime.instrument.calls;

import dev.weft.runtime.perrun.ControlledForkJoinPool;
import dev.weft.runtime.perrun.ControlledScheduledThreadPoolExecutor;
import dev.weft.runtime.perrun.ControlledThreadPoolExecutor;
import dev.weft.runtime.perrun.ControlledTimer;
import dev.weft.runtime.perrun.ModelExecutors;
import dev.weft.runtime.perrun.ModelForkJoin;
import java.util.Set;
import net.bytebuddy.jar.asm.Type;

/**
 * JDK code that would start threads of its own, replaced by Weft's stand-ins in {@code
 * dev.weft.runtime.perrun}: static calls with the same signatures (the {@code Executors}
 * thread-pool factories, the one-argument {@code CompletableFuture.supplyAsync/runAsync}, whose
 * default pool is the JDK's common pool, {@code ForkJoinPool.commonPool()} and {@code
 * ForkJoinTask.invokeAll}), and classes whose construction and subclassing get a model subclass
 * with the same constructors ({@code ThreadPoolExecutor}, {@code ScheduledThreadPoolExecutor},
 * {@code ForkJoinPool}, {@code java.util.Timer}).
 */
public final class ModelCalls {
  static final String MODEL_EXECUTORS = Type.getInternalName(ModelExecutors.class);
  static final String MODEL_FORK_JOIN = Type.getInternalName(ModelForkJoin.class);

  private static final Set<String> EXECUTORS =
      Set.of(
          "newFixedThreadPool(I)Ljava/util/concurrent/ExecutorService;",
          "newFixedThreadPool(ILjava/util/concurrent/ThreadFactory;)"
              + "Ljava/util/concurrent/ExecutorService;",
          "newCachedThreadPool()Ljava/util/concurrent/ExecutorService;",
          "newCachedThreadPool(Ljava/util/concurrent/ThreadFactory;)"
              + "Ljava/util/concurrent/ExecutorService;",
          "newSingleThreadExecutor()Ljava/util/concurrent/ExecutorService;",
          "newSingleThreadExecutor(Ljava/util/concurrent/ThreadFactory;)"
              + "Ljava/util/concurrent/ExecutorService;",
          "newWorkStealingPool()Ljava/util/concurrent/ExecutorService;",
          "newWorkStealingPool(I)Ljava/util/concurrent/ExecutorService;",
          "newScheduledThreadPool(I)Ljava/util/concurrent/ScheduledExecutorService;",
          "newScheduledThreadPool(ILjava/util/concurrent/ThreadFactory;)"
              + "Ljava/util/concurrent/ScheduledExecutorService;",
          "newSingleThreadScheduledExecutor()Ljava/util/concurrent/ScheduledExecutorService;",
          "newSingleThreadScheduledExecutor(Ljava/util/concurrent/ThreadFactory;)"
              + "Ljava/util/concurrent/ScheduledExecutorService;");

  private static final Set<String> COMPLETABLE =
      Set.of(
          "supplyAsync(Ljava/util/function/Supplier;)Ljava/util/concurrent/CompletableFuture;",
          "runAsync(Ljava/lang/Runnable;)Ljava/util/concurrent/CompletableFuture;",
          "delayedExecutor(JLjava/util/concurrent/TimeUnit;)Ljava/util/concurrent/Executor;",
          "delayedExecutor(JLjava/util/concurrent/TimeUnit;Ljava/util/concurrent/Executor;)"
              + "Ljava/util/concurrent/Executor;");

  /** JDK classes whose construction is replaced by a Weft subclass: JDK name to model name. */
  private static final java.util.Map<String, String> SUBSTITUTES =
      java.util.Map.of(
          "java/util/concurrent/ThreadPoolExecutor",
          Type.getInternalName(ControlledThreadPoolExecutor.class),
          "java/util/concurrent/ScheduledThreadPoolExecutor",
          Type.getInternalName(ControlledScheduledThreadPoolExecutor.class),
          "java/util/concurrent/ForkJoinPool",
          Type.getInternalName(ControlledForkJoinPool.class),
          "java/util/Timer",
          Type.getInternalName(ControlledTimer.class));

  /**
   * Weft's stand-ins for JDK thread pools: loaded and instrumented per run like target code. The
   * table of substitutions owns the name, and the class path and loaders ask it.
   */
  public static final String PER_RUN_PACKAGE = "dev.weft.runtime.perrun.";

  private static final String PER_RUN_INTERNAL = PER_RUN_PACKAGE.replace('.', '/');

  private static final Set<String> FORK_JOIN_POOL =
      Set.of("commonPool()Ljava/util/concurrent/ForkJoinPool;");

  private static final Set<String> FORK_JOIN_TASK =
      Set.of(
          "invokeAll(Ljava/util/concurrent/ForkJoinTask;Ljava/util/concurrent/ForkJoinTask;)V",
          "invokeAll([Ljava/util/concurrent/ForkJoinTask;)V",
          "invokeAll(Ljava/util/Collection;)Ljava/util/Collection;");

  private ModelCalls() {}

  /**
   * Whether substitutions and redirections apply in this class: not in the models, which extend the
   * originals and call the JDK's own methods.
   */
  public static boolean substitutesIn(String className) {
    return !className.startsWith(PER_RUN_INTERNAL);
  }

  /** Whether {@code new owner(...)} (and {@code extends owner}) becomes Weft's model subclass. */
  public static boolean substitutes(String owner) {
    return SUBSTITUTES.containsKey(owner);
  }

  /** The model subclass standing in for {@code owner}, or {@code owner} itself. */
  public static String substituteFor(String owner) {
    return SUBSTITUTES.getOrDefault(owner, owner);
  }

  /**
   * The JDK class a static call really goes to: an unqualified {@code invokeAll(a, b)} inside a
   * {@code RecursiveTask} subclass names the subclass as its owner in the bytecode.
   */
  public static String declaringOwner(String owner, String name, TypeHierarchy types) {
    if (CallHooks.isJdkClass(owner)) {
      return owner;
    }
    if (name.equals("invokeAll") && types.isSubtypeOf(owner, "java/util/concurrent/ForkJoinTask")) {
      return "java/util/concurrent/ForkJoinTask";
    }
    if (name.equals("commonPool")
        && types.isSubtypeOf(owner, "java/util/concurrent/ForkJoinPool")) {
      return "java/util/concurrent/ForkJoinPool";
    }
    return owner;
  }

  /** The model class a static call is redirected to, or null if it stays. */
  public static String redirectOwner(String owner, String name, String desc) {
    switch (owner) {
      case "java/util/concurrent/Executors":
        return EXECUTORS.contains(name + desc) ? MODEL_EXECUTORS : null;
      case "java/util/concurrent/CompletableFuture":
        return COMPLETABLE.contains(name + desc) ? MODEL_EXECUTORS : null;
      case "java/util/concurrent/ForkJoinPool":
        return FORK_JOIN_POOL.contains(name + desc) ? MODEL_FORK_JOIN : null;
      case "java/util/concurrent/ForkJoinTask":
        return FORK_JOIN_TASK.contains(name + desc) ? MODEL_FORK_JOIN : null;
      default:
        return null;
    }
  }

  /** Every static call redirected to a per-run model: same name and descriptor, model owner. */
  static java.util.List<HookCall> hooks() {
    java.util.List<HookCall> all = new java.util.ArrayList<>();
    for (Set<String> methods : java.util.List.of(EXECUTORS, COMPLETABLE)) {
      for (String m : methods) {
        all.add(call(MODEL_EXECUTORS, m));
      }
    }
    for (Set<String> methods : java.util.List.of(FORK_JOIN_POOL, FORK_JOIN_TASK)) {
      for (String m : methods) {
        all.add(call(MODEL_FORK_JOIN, m));
      }
    }
    return all;
  }

  private static HookCall call(String owner, String method) {
    int paren = method.indexOf('(');
    return new HookCall(owner, method.substring(0, paren), method.substring(paren));
  }
}
