package dev.weft.runtime.jdk;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;

/**
 * {@code CompletableFuture}'s own threads, replaced at the call site: an {@code *Async} stage
 * without an executor runs on the JDK's common pool, and {@code orTimeout/completeOnTimeout} use a
 * hidden delay thread, all started inside the JDK where Weft cannot control them. The call site
 * links instead to the executor-taking form with the run's stand-in pool, or to the run's model of
 * the timeout, both in {@code dev.weft.runtime.perrun.ModelExecutors} as loaded for that run.
 */
final class CompletionDefaults {
  private static final String MODEL = "dev.weft.runtime.perrun.ModelExecutors";

  private CompletionDefaults() {}

  /**
   * Whether {@link #redirect} links this call to a run's model: a completion stage's call that
   * would run on the JDK's default pool or start its timer thread. Every other call on a stage
   * links to the JDK's own method, the same in every run.
   */
  static boolean mayRedirect(Class<?> owner, String name, MethodType type) {
    if (!CompletionStage.class.isAssignableFrom(owner)) {
      return false;
    }
    boolean timeout =
        CompletableFuture.class.isAssignableFrom(owner)
            && (name.equals("orTimeout")
                || name.equals("completeOnTimeout")
                || name.equals("defaultExecutor"));
    return timeout || usesDefaultPool(name, type.dropParameterTypes(0, 1));
  }

  private static boolean usesDefaultPool(String name, MethodType call) {
    return name.endsWith("Async") && !call.parameterList().contains(Executor.class);
  }

  /**
   * The handle a call site on a completion stage links to instead of {@code owner.name}, of type
   * {@code type} (receiver first), or null when the call starts no thread of the JDK's.
   */
  static MethodHandle redirect(
      MethodHandles.Lookup caller, Class<?> owner, String name, MethodType type)
      throws ReflectiveOperationException {
    if (!mayRedirect(owner, name, type)) {
      return null;
    }
    MethodType call = type.dropParameterTypes(0, 1);
    boolean defaultPool = usesDefaultPool(name, call);
    Class<?> model = modelFor(caller);
    if (model == null) {
      return null;
    }
    MethodHandles.Lookup models = MethodHandles.publicLookup();
    if (defaultPool) {
      MethodHandle withExecutor =
          caller.findVirtual(owner, name, call.appendParameterTypes(Executor.class));
      MethodHandle pool =
          models
              .findStatic(model, "commonPool", MethodType.methodType(ExecutorService.class))
              .asType(MethodType.methodType(Executor.class));
      return MethodHandles.collectArguments(withExecutor, type.parameterCount(), pool).asType(type);
    }
    MethodType modelType =
        call.insertParameterTypes(0, CompletableFuture.class)
            .changeReturnType(
                name.equals("defaultExecutor") ? Executor.class : CompletableFuture.class);
    if (name.equals("completeOnTimeout")) {
      modelType = modelType.changeParameterType(1, Object.class);
    }
    return models.findStatic(model, name, modelType).asType(type);
  }

  private static Class<?> modelFor(MethodHandles.Lookup caller) {
    try {
      return Class.forName(MODEL, true, caller.lookupClass().getClassLoader());
    } catch (ClassNotFoundException e) {
      return null;
    }
  }
}
