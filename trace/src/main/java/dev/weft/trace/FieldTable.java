package dev.weft.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Process-wide numbering of fields by declaring class and name, so that instrumented code passes a
 * constant and two accesses through different subclasses to one inherited field get one location.
 * It also remembers which fields are known to be plain (resolved, neither volatile nor final): the
 * race oracle orders threads through every other field access, so a field it could not resolve
 * counts as synchronising rather than as a data race waiting to be reported.
 */
public final class FieldTable {
  private final Map<String, Integer> ids = new HashMap<>();
  private final List<String> names = new ArrayList<>();
  private final List<Boolean> plain = new ArrayList<>();

  public synchronized int idOf(String declaringClass, String fieldName) {
    String key = declaringClass + "." + fieldName;
    Integer id = ids.get(key);
    if (id == null) {
      id = names.size();
      names.add(key);
      plain.add(false);
      ids.put(key, id);
    }
    return id;
  }

  /** Marks a field as plain: its declaration was found and it is not {@code volatile}. */
  public synchronized void markPlain(int id) {
    plain.set(id, true);
  }

  /** Whether accesses to the field can race: declared, and neither volatile nor final. */
  public synchronized boolean isPlain(int id) {
    return id >= 0 && id < plain.size() && plain.get(id);
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
