package dev.weft.runtime.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Process-wide numbering of fields by declaring class and name, so that instrumented code passes a
 * constant and two accesses through different subclasses to one inherited field get one location.
 */
public final class FieldTable {
  private final Map<String, Integer> ids = new HashMap<>();
  private final List<String> names = new ArrayList<>();

  public synchronized int idOf(String declaringClass, String fieldName) {
    String key = declaringClass + "." + fieldName;
    Integer id = ids.get(key);
    if (id == null) {
      id = names.size();
      names.add(key);
      ids.put(key, id);
    }
    return id;
  }

  /** {@code com.acme.Counter.value}. */
  public synchronized String name(int id) {
    return id >= 0 && id < names.size() ? names.get(id) : "field#" + id;
  }

  /** The field name without its class. */
  public String simpleName(int id) {
    String n = name(id);
    return n.substring(n.lastIndexOf('.') + 1);
  }
}
