package dev.weft.runtime.jdk;

import java.util.LinkedHashMap;

/**
 * Whether a {@code LinkedHashMap} keeps access order: then {@code get} moves the entry to the end
 * of its list, so two threads reading such a map (an LRU cache) write it. The flag is a closed
 * field ({@link ClosedFields}).
 */
public final class AccessOrder {
  private static final ClosedField FLAG = flag();

  private AccessOrder() {}

  private static ClosedField flag() {
    try {
      return ClosedFields.field(LinkedHashMap.class, "accessOrder");
    } catch (NoSuchFieldException | RuntimeException e) {
      return null;
    }
  }

  /** True when the map reorders on reads; false for insertion order or when it cannot be read. */
  public static boolean isAccessOrdered(Object map) {
    return FLAG != null && map instanceof LinkedHashMap && FLAG.getBoolean(map);
  }
}
