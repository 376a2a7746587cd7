package dev.weft.runtime.hooks;

import dev.weft.runtime.access.Accesses;
import dev.weft.runtime.control.RunSignals;
import dev.weft.runtime.resources.ShutdownHooks;

/**
 * Exits, shutdown hooks, allocations and static initialisers of target code ({@link RunSignals},
 * {@link ShutdownHooks}, {@link Accesses}). Part of the ABI that instrumented code calls:
 * forwarding only, so the hook table stays a plain list of entry points and the behaviour lives in
 * the models.
 */
public final class RunHooks {
  private RunHooks() {}

  public static void exit(int status) {
    RunSignals.exit(status);
  }

  public static void runtimeExit(Runtime runtime, int status) {
    RunSignals.exit(status);
  }

  public static void addShutdownHook(Runtime runtime, Thread hook) {
    ShutdownHooks.add(runtime, hook);
  }

  public static boolean removeShutdownHook(Runtime runtime, Thread hook) {
    return ShutdownHooks.remove(runtime, hook);
  }

  public static void allocated(Object obj, int site) {
    Accesses.allocated(obj, site);
  }

  public static void atomicEnter() {
    RunSignals.atomicEnter();
  }

  public static void atomicExit() {
    RunSignals.atomicExit();
  }
}
