package dev.weft.runtime.jdk.inside;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.ForkJoinTask;

/**
 * Runs a fork/join task's body as a pool's worker does, where the JVM runs the instrumented {@code
 * java.base}: through the {@code WeftTaskRunner} it adds to {@code java.util.concurrent} ({@link
 * TaskRunnerClass}). The run's stand-in pool uses it for its workers, so that a counted completer
 * (a parallel stream's task) completes when its last subtask does instead of holding the worker
 * that ran its body.
 */
public final class JdkTaskRunner {
  private static final MethodHandle EXEC = lookUp();

  private JdkTaskRunner() {}

  private static MethodHandle lookUp() {
    if (!ControlledJdk.inUse()) {
      return null;
    }
    try {
      Class<?> runner = Class.forName(TaskRunnerClass.NAME.replace('/', '.'), false, null);
      return MethodHandles.publicLookup()
          .findStatic(runner, "exec", MethodType.methodType(void.class, ForkJoinTask.class));
    } catch (ReflectiveOperationException e) {
      return null;
    }
  }

  /** Whether {@link #runBody} can run a body without waiting for the task to complete. */
  public static boolean available() {
    return EXEC != null;
  }

  /** Runs the body of {@code task} once, as a worker does; it may complete later, elsewhere. */
  public static void runBody(ForkJoinTask<?> task) {
    try {
      EXEC.invokeExact(task);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable impossible) {
      throw new IllegalStateException(impossible); // exec declares no checked exception
    }
  }
}
