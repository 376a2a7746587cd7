package dev.weft.runtime.jdk;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Set;

/**
 * Which JVM monitor a JDK method takes on its receiver: {@code Hashtable}, {@code Vector}, {@code
 * StringBuffer} and {@code Properties} methods are {@code synchronized}, and the wrappers of {@code
 * Collections.synchronized*} lock their mutex. Such a method can call back into target code while
 * it holds the monitor (a key's {@code hashCode}, a {@code computeIfAbsent} function); if Weft
 * switched there, another thread would block inside the JVM where Weft cannot see it. So the call
 * takes the same monitor in Weft's model first: a thread that would block is simply not enabled,
 * and a lock-order cycle through such a monitor is a deadlock finding.
 *
 * <p>One instance per call site (its method name and parameter types); the answer for a receiver
 * class is computed once, by reflection on the method the call dispatches to.
 */
final class ReceiverMonitors {
  /** Wrapper methods that do not lock the mutex: the caller must do so while iterating. */
  private static final Set<String> UNLOCKED_WRAPPER_METHODS =
      Set.of("iterator", "spliterator", "stream", "parallelStream", "listIterator");

  private static final String SYNCHRONIZED_WRAPPER = "java.util.Collections$Synchronized";

  private static final Object NONE = new Object();
  private static final Object RECEIVER = new Object();

  private final String name;
  private final Class<?>[] parameters;
  private final ClassValue<Object> byClass =
      new ClassValue<>() {
        @Override
        protected Object computeValue(Class<?> type) {
          return resolve(type);
        }
      };

  ReceiverMonitors(String name, Class<?>[] parameters) {
    this.name = name;
    this.parameters = parameters;
  }

  /** The object whose monitor a call on {@code receiver} takes inside the JDK, or null. */
  Object monitorOf(Object receiver) {
    Object how = byClass.get(receiver.getClass());
    if (how == NONE) {
      return null;
    }
    if (how == RECEIVER) {
      return receiver;
    }
    return MutexFields.read(receiver, (ClosedField) how);
  }

  private Object resolve(Class<?> type) {
    for (Class<?> c = type; c != null; c = c.getSuperclass()) {
      Method m;
      try {
        m = c.getDeclaredMethod(name, parameters);
      } catch (NoSuchMethodException e) {
        continue;
      }
      if (!JdkClasses.isJdkClass(c)) {
        return NONE; // target code: its own synchronized methods are instrumented
      }
      if (Modifier.isSynchronized(m.getModifiers())) {
        return RECEIVER;
      }
      if (c.getName().startsWith(SYNCHRONIZED_WRAPPER)
          && !UNLOCKED_WRAPPER_METHODS.contains(name)) {
        ClosedField mutex = MutexFields.find(c);
        return mutex == null ? NONE : mutex;
      }
      return NONE;
    }
    return NONE;
  }
}
