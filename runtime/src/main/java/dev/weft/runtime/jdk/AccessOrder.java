package dev.weft.runtime.jdk;

import java.util.LinkedHashMap;
import sun.misc.Unsafe;

/**
 * Whether a {@code LinkedHashMap} keeps access order: then {@code get} moves the entry to the end
 * of its list, so two threads reading such a map (an LRU cache) write it. The flag is a closed
 * field ({@link ClosedFields}).
 */
public final class AccessOrder {
  private static final Unsafe UNSAFE = ClosedFields.UNSAFE;
  private static final long OFFSET = offset();

  private AccessOrder() {}

  private static long offset() {
    try {
      return ClosedFields.offset(LinkedHashMap.class, "accessOrder");
    } catch (NoSuchFieldException | RuntimeException e) {
      return -1;
    }
  }

  /** True when the map reorders on reads; false for insertion order or when it cannot be read. */
  public static boolean isAccessOrdered(Object map) {
    return OFFSET >= 0 && map instanceof LinkedHashMap && UNSAFE.getBoolean(map, OFFSET);
  }
}
