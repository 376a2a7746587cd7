package dev.weft.runtime.jdk;

import dev.weft.runtime.control.ActiveRun;
import dev.weft.runtime.control.ControlledThread;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Tells Weft's models of JDK classes apart from target code: a model applies only where the JDK
 * implements the method. A target class that overrides {@code lock()} is instrumented like any
 * other target code, so its own accesses are already scheduling points and the call goes through to
 * it unchanged.
 */
public final class JdkCode {
  private static final ClassLoader PLATFORM = ClassLoader.getPlatformClassLoader();

  private static final ClassValue<ConcurrentHashMap<String, Boolean>> IMPLEMENTED =
      new ClassValue<>() {
        @Override
        protected ConcurrentHashMap<String, Boolean> computeValue(Class<?> type) {
          return new ConcurrentHashMap<>();
        }
      };

  private JdkCode() {}

  public static boolean isJdkClass(Class<?> c) {
    ClassLoader loader = c.getClassLoader();
    return loader == null || loader == PLATFORM;
  }

  /**
   * The calling controlled thread, when Weft's model of {@code name(params)} applies: the JDK
   * implements it for this receiver. Null means "call the real method".
   */
  public static ControlledThread controlledCaller(
      Object receiver, String name, Class<?>... params) {
    return implementsInJdk(receiver, name, params) ? ActiveRun.self() : null;
  }

  /** Whether calling {@code name(params)} on {@code receiver} runs JDK code. */
  public static boolean implementsInJdk(Object receiver, String name, Class<?>... params) {
    Class<?> c = receiver.getClass();
    if (isJdkClass(c)) {
      return true;
    }
    StringBuilder key = new StringBuilder(name);
    for (Class<?> p : params) {
      key.append(',').append(p.getName());
    }
    return IMPLEMENTED
        .get(c)
        .computeIfAbsent(
            key.toString(),
            k -> {
              try {
                return isJdkClass(c.getMethod(name, params).getDeclaringClass());
              } catch (NoSuchMethodException e) {
                return false;
              }
            });
  }
}
