package dev.weft.trace;

import java.util.ArrayList;
import java.util.Arrays;
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

  /**
   * Each site's stable key, for {@link #stableKey} without the lock: the segment strategy's
   * analysis asks for one per event on its helper thread while the run it plans for asks too, and
   * the lock they shared was a cache line both processors kept taking from each other.
   */
  private volatile long[] stableKeys = new long[64];

  /** Sites whose stable keys are in {@link #stableKeys}: written after them. */
  private volatile int published;

  public SiteTable() {
    sites.add(new Site(SYNTHETIC, 0L, "weft", "run", null, 0, "thread lifecycle"));
    publish(0L);
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
    publish(key);
    return id;
  }

  /** Adds the next site's stable key (under the lock, or in the constructor). */
  private void publish(long key) {
    int id = published;
    long[] keys = stableKeys;
    if (id == keys.length) {
      keys = Arrays.copyOf(keys, 2 * id);
      stableKeys = keys;
    }
    keys[id] = key;
    published = id + 1;
  }

  /** {@code get(id).stableKey()}, without taking the table's lock. */
  public long stableKey(int id) {
    if (id < published) { // read first: the keys array read after it holds this id's key
      return stableKeys[id];
    }
    return get(id).stableKey(); // fails as get does for an id never registered
  }

  public synchronized Site get(int id) {
    return sites.get(id);
  }

  public synchronized int size() {
    return sites.size();
  }
}
