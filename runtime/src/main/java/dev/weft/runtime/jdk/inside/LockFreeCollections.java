package dev.weft.runtime.jdk.inside;

import dev.weft.runtime.jdk.JdkClasses;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The JDK collections whose reading calls run with their inner steps as scheduling points, where
 * the JVM runs the instrumented {@code java.base} ({@link JdkLockFreeRewriter}): their {@code
 * size()}, {@code contains}, {@code toString} and bulk reads are only weakly consistent, and a
 * program that counts on more than that is shown failing; with {@code --jdk models} each call is
 * one atomic step.
 *
 * <p>The lock-free queues open up every reading call. The hash map, the skip lists and the transfer
 * queue (with their key, value and entry views) open up only the calls that walk the structure: a
 * lookup by key ({@code get}, {@code containsKey}, {@code ceilingKey}, ...) is linearizable, so a
 * point inside it shows nothing a point before it does not, and these maps are read by key far more
 * often than they are walked.
 */
public final class LockFreeCollections {
  private static final boolean IN_USE = ControlledJdk.inUse();

  /** The walking classes' families (the class and its nested classes), by binary name. */
  private static final String[] WALKED_FAMILIES = {
    "java.util.concurrent.ConcurrentHashMap",
    "java.util.concurrent.ConcurrentSkipListMap",
    "java.util.concurrent.ConcurrentSkipListSet",
    "java.util.concurrent.LinkedTransferQueue"
  };

  /** The names of the calls that walk one of those structures (prefixes). */
  private static final String[] WALKS = {
    "size",
    "isEmpty",
    "mappingCount",
    "containsValue",
    "containsAll",
    "contains",
    "toString",
    "hashCode",
    "equals",
    "toArray",
    "forEach",
    "reduce",
    "search"
  };

  private static final ClassValue<Boolean> WALKED =
      new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
          for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            if (JdkClasses.isJdkClass(c) && inWalkedFamily(c.getName())) {
              return true;
            }
          }
          return false;
        }
      };

  /**
   * The hash map's counting calls: they read its counters, not its bins, and under a serialized run
   * every update's compare-and-set on the base count succeeds at once (no counter cells are made),
   * so their inner steps could show nothing a step before them does not, and a program that asks
   * for the size in a loop would pay a point for each.
   */
  private static final String[] HASH_MAP_COUNTS = {"size", "isEmpty", "mappingCount"};

  private static final String HASH_MAP = "java.util.concurrent.ConcurrentHashMap";

  private LockFreeCollections() {}

  /**
   * Whether the reading call {@code method} on {@code receiver} runs with its inner steps as
   * points.
   */
  public static boolean runsInside(Object receiver, String method) {
    if (!IN_USE) {
      return false;
    }
    if (receiver instanceof ConcurrentLinkedQueue || receiver instanceof ConcurrentLinkedDeque) {
      return true;
    }
    return WALKED.get(receiver.getClass())
        && walks(method)
        && !(receiver.getClass().getName().startsWith(HASH_MAP) && counts(method));
  }

  private static boolean counts(String method) {
    for (String count : HASH_MAP_COUNTS) {
      if (method.equals(count)) {
        return true;
      }
    }
    return false;
  }

  private static boolean inWalkedFamily(String name) {
    for (String family : WALKED_FAMILIES) {
      if (name.equals(family) || name.startsWith(family + "$")) {
        return true;
      }
    }
    return false;
  }

  private static boolean walks(String method) {
    for (String walk : WALKS) {
      if (method.startsWith(walk)) {
        return true;
      }
    }
    return false;
  }
}
