package dev.weft.runtime.carrier;

import java.lang.instrument.Instrumentation;
import java.util.Map;
import java.util.Set;

/**
 * Opens a JDK package to Weft's own module (never to the target's), so that Weft can reach fields
 * the JDK keeps closed: a thread's {@code ThreadLocal} maps, a timer task's state, a synchronized
 * wrapper's mutex. Only the launcher agent's {@link Instrumentation} can do it without {@code
 * --add-opens}; without an agent nothing is opened and callers do without.
 */
public final class OpenPackages {
  private static volatile Instrumentation instrumentation;

  private OpenPackages() {}

  /** The agent's {@code instrumentation}, for later openings; null (no agent) is ignored. */
  public static void useAgent(Instrumentation instrumentation) {
    if (instrumentation != null) {
      OpenPackages.instrumentation = instrumentation;
    }
  }

  /** Whether {@code owner}'s package is open to Weft's module, opening it if the agent can. */
  public static boolean openToWeft(Class<?> owner) {
    Module weft = OpenPackages.class.getModule();
    Module module = owner.getModule();
    String pkg = owner.getPackageName();
    if (module.isOpen(pkg, weft)) {
      return true;
    }
    Instrumentation inst = instrumentation;
    if (inst == null) {
      return false;
    }
    try {
      inst.redefineModule(
          module, Set.of(), Map.of(), Map.of(pkg, Set.of(weft)), Set.of(), Map.of());
      return module.isOpen(pkg, weft);
    } catch (RuntimeException e) {
      return false;
    }
  }
}
