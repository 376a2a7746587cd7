package dev.weft.runtime.jdk;

import dev.weft.trace.EventKind;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a call into a JDK collection or atomic does to the receiver, read off the method name: the
 * JDK's naming is regular enough ({@code get}, {@code contains}, {@code size} read; {@code
 * getAndAdd}, {@code incrementAndGet} update; {@code set}, {@code put}, {@code add} write). A name
 * that is not recognised counts as a write, which can only add conflicts, never hide one.
 */
public final class AccessKinds {
  /** A compare-and-set: an update when it succeeds, a read when it fails. */
  public static final int CAS = -1;

  private static final String[] READ_PREFIXES = {
    "get",
    "is",
    "contains",
    "size",
    "peek",
    "element",
    "indexOf",
    "lastIndexOf",
    "equals",
    "hashCode",
    "toString",
    "iterator",
    "listIterator",
    "spliterator",
    "stream",
    "parallelStream",
    "forEach",
    "keySet",
    "values",
    "entrySet",
    "keys",
    "elements",
    "subList",
    "headMap",
    "tailMap",
    "subMap",
    "headSet",
    "tailSet",
    "subSet",
    "toArray",
    "length",
    "charAt",
    "substring",
    "first",
    "last",
    "ceiling",
    "floor",
    "higher",
    "lower",
    "comparator",
    "mappingCount",
    "search",
    "reduce",
    "descending",
    "navigable",
    "remainingCapacity",
    "capacity",
    "intValue",
    "longValue",
    "doubleValue",
    "floatValue",
    "shortValue",
    "byteValue",
    "sum",
    "average",
    "min",
    "max",
    "codePoint",
    "chars",
    "compareTo",
    "describeConstable",
    "exceptionNow",
    "resultNow",
    "state",
    "getNow",
    "isDone",
    "isCancelled",
    "isCompletedExceptionally",
    "getNumberOfDependents",
    "availablePermits",
    "getCount",
    "toCompletableFuture"
  };

  private static final String[] UPDATE_PREFIXES = {
    "getAnd", "compareAndExchange", "merge", "compute", "putIfAbsent", "replace"
  };

  private AccessKinds() {}

  /**
   * Whether a call of this name only reads its receiver. Asked at every call on a watched JDK
   * object, so the answer is kept per name (a handful of names per program).
   */
  public static boolean readsOnly(String name) {
    Boolean known = READS_ONLY.get(name);
    if (known == null) {
      known = of(name) == EventKind.READ.ordinal();
      READS_ONLY.put(name, known);
    }
    return known;
  }

  private static final ConcurrentHashMap<String, Boolean> READS_ONLY = new ConcurrentHashMap<>();

  /** The event kind of the call, or {@link #CAS} (as an ordinal-free marker). */
  public static int of(String name) {
    if (name.startsWith("compareAndSet") || name.startsWith("weakCompareAndSet")) {
      return CAS;
    }
    if (name.endsWith("AndGet")) {
      return EventKind.UPDATE.ordinal();
    }
    for (String p : UPDATE_PREFIXES) {
      if (name.startsWith(p)) {
        return EventKind.UPDATE.ordinal();
      }
    }
    for (String p : READ_PREFIXES) {
      if (name.startsWith(p)) {
        return EventKind.READ.ordinal();
      }
    }
    return EventKind.WRITE.ordinal();
  }
}
