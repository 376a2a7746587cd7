package dev.weft.runtime.jdk.inside;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.trace.SiteTable;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Site ids for the scheduling points inside JDK code. The instrumented JDK is built once for every
 * target, so it cannot carry a target's site ids; a point there names its class, method and line,
 * and gets a site of the run's table the first time it is a point at all (an uncontended JDK
 * monitor never is).
 */
public final class JdkSites {
  private static final Map<SiteTable, ConcurrentHashMap<String, Integer>> BY_TABLE =
      new WeakHashMap<>();

  private JdkSites() {}

  /** The site of {@code operation} at {@code where} ("package.Class.method") and {@code line}. */
  public static int of(ControlledThread t, String where, int line, String operation) {
    SiteTable table = t.scheduler().sites();
    ConcurrentHashMap<String, Integer> ids;
    synchronized (BY_TABLE) {
      ids = BY_TABLE.computeIfAbsent(table, k -> new ConcurrentHashMap<>());
    }
    String key = where + ':' + line + ':' + operation;
    Integer id = ids.get(key);
    if (id != null) {
      return id;
    }
    int dot = where.lastIndexOf('.');
    String className = dot < 0 ? where : where.substring(0, dot);
    String method = dot < 0 ? "?" : where.substring(dot + 1);
    return ids.computeIfAbsent(
        key,
        k ->
            table.register(
                className, method, ":" + operation, line, sourceFile(className), line, operation));
  }

  private static String sourceFile(String className) {
    String simple = className.substring(className.lastIndexOf('.') + 1);
    int nested = simple.indexOf('$');
    return (nested < 0 ? simple : simple.substring(0, nested)) + ".java";
  }
}
