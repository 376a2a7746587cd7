package dev.weft.runtime.statics;

import dev.weft.runtime.control.OpenPackages;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.util.Set;

/**
 * Keeps the methods that the statics rewrite adds ({@value ClassInits#INIT_METHOD}, {@value
 * ClassInits#RESET_METHOD}) out of reflection, so that a program that walks its own classes'
 * methods sees what it sees on classes defined afresh. Libraries do this all the time (a JSON
 * mapper collecting a bean's methods and factory methods, a mocking library its methods to
 * intercept): with the two extra static methods in {@code getDeclaredMethods()} such a library took
 * a different path on reused classes, and a race it found there could not be replayed on plain
 * classes. The JDK hides members of its own classes from reflection the same way; its filter table
 * is reached through the agent's right to open {@code jdk.internal.reflect}. A hidden class keeps
 * its filter for the JVM's lifetime (classes are reused for a whole campaign, so that is one entry
 * per target class).
 */
public final class RewriteMembersHidden {
  private static final Set<String> NAMES = Set.of(ClassInits.INIT_METHOD, ClassInits.RESET_METHOD);

  private static volatile MethodHandle register;
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
