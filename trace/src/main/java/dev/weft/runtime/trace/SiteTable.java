package dev.weft.runtime.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * Registry of all scheduling-point sites of one Weft process. Instrumented code refers to sites by
 * a small int so that a scheduling point passes one constant; everything that leaves the process
 * uses {@link Site#stableKey()} instead.
 */
public final class SiteTable {
  /** Site 0 stands for events that Weft itself generates (thread begin and end). */
  public static final int SYNTHETIC = 0;

  private final List<Site> sites = new ArrayList<>();

  public SiteTable() {
    sites.add(new Site(SYNTHETIC, 0L, "weft", "run", null, 0, "thread lifecycle"));
  }

  public synchronized int register(
      String className,
      String methodName,
      String methodDescriptor,
      int ordinal,
      String sourceFile,
      int line,
      String operation) {
    int id = sites.size();
    long key = StableHash.of(className, methodName + methodDescriptor, ordinal);
    sites.add(new Site(id, key, className, methodName, sourceFile, line, operation));
    return id;
  }

  public synchronized Site get(int id) {
    return sites.get(id);
  }

  public synchronized int size() {
    return sites.size();
  }
}
