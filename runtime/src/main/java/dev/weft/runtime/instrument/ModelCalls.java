package dev.weft.runtime.instrument;

import java.util.Set;

/**
 * JDK code that would start threads of its own, replaced by Weft's stand-ins in {@code
 * dev.weft.runtime.model}: static calls with the same signatures (the {@code Executors} thread-pool
 * factories, and the one-argument {@code CompletableFuture.supplyAsync/runAsync}, whose default
 * pool is the JDK's common pool), and classes whose construction and subclassing get a model
 * subclass with the same constructors ({@code ThreadPoolExecutor}, {@code
 * ScheduledThreadPoolExecutor}).
 */
final class ModelCalls {
  static final String MODEL_EXECUTORS = "dev/weft/runtime/model/ModelExecutors";

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
          "dev/weft/runtime/model/ControlledThreadPoolExecutor",
          "java/util/concurrent/ScheduledThreadPoolExecutor",
          "dev/weft/runtime/model/ControlledScheduledThreadPoolExecutor");

  private static final String MODEL_PACKAGE = "dev/weft/runtime/model/";

  private ModelCalls() {}

  /** Whether substitutions apply in this class: not in the models, which extend the originals. */
  static boolean substitutesIn(String className) {
    return !className.startsWith(MODEL_PACKAGE);
  }

  /** Whether {@code new owner(...)} (and {@code extends owner}) becomes Weft's model subclass. */
  static boolean substitutes(String owner) {
    return SUBSTITUTES.containsKey(owner);
  }

  /** The model subclass standing in for {@code owner}, or {@code owner} itself. */
  static String substituteFor(String owner) {
    return SUBSTITUTES.getOrDefault(owner, owner);
  }

  static boolean redirects(String owner, String name, String desc) {
    switch (owner) {
      case "java/util/concurrent/Executors":
        return EXECUTORS.contains(name + desc);
      case "java/util/concurrent/CompletableFuture":
        return COMPLETABLE.contains(name + desc);
      default:
        return false;
    }
  }
}
