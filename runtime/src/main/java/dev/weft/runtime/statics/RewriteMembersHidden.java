package dev.weft.runtime.statics;

import dev.weft.runtime.carrier.OpenPackages;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * Keeps the methods that the statics rewrite adds ({@value ClassInits#INIT_METHOD}, {@value
 * ClassInits#RESET_METHOD}) out of reflection, so that a program that walks its own classes'
 * methods sees what it sees on classes defined afresh. Libraries do this all the time (a JSON
 * mapper collecting a bean's methods and factory methods, a mocking library its methods to
 * intercept): with the two extra static methods in {@code getDeclaredMethods()} such a library took
 * a different path on reused classes, and a race it found there could not be replayed on plain
 * classes. The JDK hides members of its own classes from reflection the same way; its filter table
 * is reached through the agent's right to open {@code jdk.internal.reflect}. The JDK's table holds
 * each class strongly, and with it the loader and every static of the program, so the classes of a
 * loader that is given up are taken out of it again ({@link #forget}); the JDK has no call for
 * that, so the table is replaced as its own registration does.
 */
public final class RewriteMembersHidden {
  private static final Set<String> NAMES = Set.of(ClassInits.INIT_METHOD, ClassInits.RESET_METHOD);

  private static volatile MethodHandle register;
  private static volatile Class<?> reflection;
  private static volatile String unavailable;

  private RewriteMembersHidden() {}

  /**
   * Null when the rewrite's methods can be hidden, else why not (reuse is then unsafe for a program
   * that reflects on itself).
   */
  public static synchronized String unavailable() {
    if (register == null && unavailable == null) {
      try {
        Class<?> reflection = Class.forName("jdk.internal.reflect.Reflection");
        RewriteMembersHidden.reflection = reflection;
        if (!OpenPackages.openToWeft(reflection)) {
          unavailable = "jdk.internal.reflect is not open to Weft (no agent)";
        } else {
          register =
              MethodHandles.lookup()
                  .unreflect(
                      reflection.getMethod("registerMethodsToFilter", Class.class, Set.class));
        }
      } catch (ReflectiveOperationException | RuntimeException e) {
        unavailable = "this JDK has no reflection filter to hide Weft's methods: " + e;
      }
    }
    return unavailable;
  }

  /**
   * Takes the classes of {@code loader} out of the JDK's filter table: the loader is given up (the
   * campaign went back to a loader per run, or its executor is gone), and the table would keep it
   * and all its classes' statics alive for the JVM's lifetime. Nothing happens if the table cannot
   * be reached (it then only costs memory).
   */
  public static void forget(ClassLoader loader) {
    Class<?> r = reflection;
    if (r == null || register == null) {
      return;
    }
    try {
      // a handle, not a Field: the class hides its own fields from reflection
      VarHandle table =
          MethodHandles.privateLookupIn(r, MethodHandles.lookup())
              .findStaticVarHandle(r, "methodFilterMap", Map.class);
      synchronized (r) { // the JDK's registration holds this lock while it replaces the table
        @SuppressWarnings("unchecked")
        Map<Class<?>, Set<String>> current = (Map<Class<?>, Set<String>>) table.getVolatile();
        Map<Class<?>, Set<String>> kept = new HashMap<>();
        for (Map.Entry<Class<?>, Set<String>> e : current.entrySet()) {
          if (e.getKey().getClassLoader() != loader) {
            kept.put(e.getKey(), e.getValue());
          }
        }
        if (kept.size() != current.size()) {
          table.setVolatile(kept);
        }
      }
    } catch (ReflectiveOperationException | RuntimeException e) {
      // the table stays as it is
    }
  }

  /** Hides the rewrite's methods of {@code type}, just defined, from reflection. */
  public static void hide(Class<?> type) {
    if (unavailable() != null) {
      return;
    }
    try {
      register.invoke(type, NAMES);
    } catch (IllegalArgumentException alreadyHidden) {
      // a filter is registered once per class
    } catch (Throwable t) {
      throw new IllegalStateException("cannot hide the statics rewrite of " + type.getName(), t);
    }
  }
}
