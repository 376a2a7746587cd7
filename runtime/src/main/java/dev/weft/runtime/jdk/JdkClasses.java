package dev.weft.runtime.jdk;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Which classes and methods are the JDK's own, from their loaders alone: the race oracle asks this
 * after a run as the models ask it during one, so it stays free of the scheduler and of any run.
 */
public final class JdkClasses {
  private static final ClassLoader PLATFORM = ClassLoader.getPlatformClassLoader();

  private static final ClassValue<ConcurrentHashMap<String, Boolean>> IMPLEMENTED =
      new ClassValue<>() {
        @Override
        protected ConcurrentHashMap<String, Boolean> computeValue(Class<?> type) {
          return new ConcurrentHashMap<>();
        }
      };

  private JdkClasses() {}

  public static boolean isJdkClass(Class<?> c) {
    ClassLoader loader = c.getClassLoader();
    return loader == null || loader == PLATFORM;
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
