package dev.weft.runtime.time;

import dev.weft.runtime.control.ControlledThread;
import java.util.IdentityHashMap;

/**
 * Identity hash codes and thread ids as the target sees them: the JVM hands out different ones in
 * every run, so a target that prints them, orders by them or stripes by them would behave
 * differently in a replay. Under control each object gets its value on first request, numbered in
 * request order within the run, so the same schedule sees the same values. Calls made inside the
 * JDK (a {@code HashMap} hashing an identity-hashed key) still see the JVM's values.
 */
public final class Identities {
  private final IdentityHashMap<Object, Integer> hashes = new IdentityHashMap<>();
  private final IdentityHashMap<Thread, Long> threadIds = new IdentityHashMap<>();

  private static final ClassValue<Boolean> IDENTITY_HASHED =
      new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
          try {
            Class<?> declaring = type.getMethod("hashCode").getDeclaringClass();
            return declaring == Object.class || declaring == Enum.class;
          } catch (NoSuchMethodException impossible) {
            return Boolean.TRUE;
          }
        }
      };

  private static final ClassValue<Boolean> DEFAULT_TO_STRING =
      new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
          try {
            return type.getMethod("toString").getDeclaringClass() == Object.class;
          } catch (NoSuchMethodException impossible) {
            return Boolean.TRUE;
          }
        }
      };

  private static final ClassValue<Boolean> JDK_THREAD_ID =
      new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
          try {
            return type.getMethod("getId").getDeclaringClass() == Thread.class;
          } catch (NoSuchMethodException impossible) {
            return Boolean.TRUE;
          }
        }
      };

  private synchronized int hashOf(Object o) {
    return hashes.computeIfAbsent(o, k -> scramble(hashes.size() + 1));
  }

  private synchronized long idOf(Thread t) {
    return threadIds.computeIfAbsent(t, k -> (long) threadIds.size() + 1);
  }

  /** Spreads 1, 2, 3... over the int range, as identity hashes look (never 0). */
  private static int scramble(int n) {
    int h = n * 0x9E3779B9;
    h ^= h >>> 16;
    h *= 0x85EBCA6B;
    h ^= h >>> 13;
    return h == 0 ? 1 : h & 0x7FFFFFFF;
  }

  private static Identities ofCaller() {
    ControlledThread t = ControlledThread.current();
    return t == null ? null : t.scheduler().identities();
  }

  /** {@code System.identityHashCode(o)}. */
  public static int identityHashCode(Object o) {
    Identities ids = o == null ? null : ofCaller();
    return ids == null ? System.identityHashCode(o) : ids.hashOf(o);
  }

  /** {@code o.hashCode()}: the run's value where the class keeps the identity hash. */
  public static int hashCode(Object o) {
    if (!IDENTITY_HASHED.get(o.getClass())) {
      return o.hashCode();
    }
    Identities ids = ofCaller();
    return ids == null ? o.hashCode() : ids.hashOf(o);
  }

  /** {@code o.toString()}: {@code Object}'s form shows the run's identity hash. */
  public static String toString(Object o) {
    if (!DEFAULT_TO_STRING.get(o.getClass())) {
      return o.toString();
    }
    Identities ids = ofCaller();
    return ids == null
        ? o.toString()
        : o.getClass().getName() + "@" + Integer.toHexString(ids.hashOf(o));
  }

  /** {@code t.getId()} and {@code t.threadId()}: numbered within the run from 1. */
  public static long threadId(Thread t) {
    if (!JDK_THREAD_ID.get(t.getClass())) {
      return t.getId();
    }
    Identities ids = ofCaller();
    return ids == null ? t.getId() : ids.idOf(t);
  }
}
