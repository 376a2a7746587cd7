package dev.weft.runtime.local;

import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.HashSet;
import java.util.Set;

/**
 * The methods with a body that a class or one of its superclasses (other than {@code Object})
 * declares, by name and descriptor: for a thread-local object, a call through an interface runs one
 * of these (instrumented code, whose every use of {@code this} is seen) or else a default method of
 * the interface.
 */
public final class OwnMethods {
  private static final ClassValue<Set<String>> DECLARED =
      new ClassValue<>() {
        @Override
        protected Set<String> computeValue(Class<?> type) {
          Set<String> found = new HashSet<>();
          for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Method m : c.getDeclaredMethods()) {
              if (!Modifier.isAbstract(m.getModifiers()) && !Modifier.isStatic(m.getModifiers())) {
                found.add(
                    m.getName()
                        + MethodType.methodType(m.getReturnType(), m.getParameterTypes())
                            .toMethodDescriptorString());
              }
            }
          }
          return found;
        }
      };

  private OwnMethods() {}

  /** Whether {@code type}'s own code (its class or a superclass) implements {@code method}. */
  public static boolean declares(Class<?> type, String method) {
    return DECLARED.get(type).contains(method);
  }
}
