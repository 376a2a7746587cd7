package dev.weft.runtime.resources;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.RunLocal;
import java.util.ArrayList;
import java.util.List;

/**
 * Shutdown hooks target code registers. The JVM would run them at its exit; Weft's JVM runs the
 * program thousands of times first, and each registered hook keeps its run's objects alive until
 * then (a database registers one per database it opens) and finally runs against state long torn
 * down, printing failures that are no run's. A run's hooks are therefore kept with the run, as the
 * JVM keeps them (registering one twice is refused the same way), and let go when it ends: the run
 * ends as a JVM would without running them, like a JVM that is killed.
 */
public final class ShutdownHooks {
  private static final RunLocal<List<Thread>> OF_RUN = new RunLocal<>(ArrayList::new);

  private ShutdownHooks() {}

  public static void add(Runtime runtime, Thread hook) {
    ControlledThread t = ControlledThread.current();
    if (t == null) {
      runtime.addShutdownHook(hook);
      return;
    }
    if (hook == null) {
      throw new NullPointerException();
    }
    List<Thread> hooks = OF_RUN.of(t.scheduler());
    if (hooks.contains(hook)) {
      throw new IllegalArgumentException("Hook previously registered");
    }
    if (hook.isAlive()) {
      throw new IllegalArgumentException("Hook already running");
    }
    hooks.add(hook);
  }

  public static boolean remove(Runtime runtime, Thread hook) {
    ControlledThread t = ControlledThread.current();
    if (t == null) {
      return runtime.removeShutdownHook(hook);
    }
    if (hook == null) {
      throw new NullPointerException();
    }
    return OF_RUN.of(t.scheduler()).remove(hook);
  }
}
