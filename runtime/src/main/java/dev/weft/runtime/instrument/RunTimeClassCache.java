package dev.weft.runtime.instrument;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.bytebuddy.dynamic.ClassFileLocator;

/**
 * Instrumented bytes of classes programs define while they run, kept across runs: a mocking library
 * generates the same proxy classes in every run, and instrumenting them again took a quarter of
 * each run's processor time. An entry is reused only for the same name and the same bytes, and only
 * if every run-time sibling its instrumentation looked up (a superclass generated in the same run,
 * say) has the same bytes, or is absent, now as it was then: the instrumented result depends on
 * nothing else (the target class path does not change within a process). Least recently used names
 * go first beyond {@link #MAX_NAMES}; each name keeps its last few variants.
 */
final class RunTimeClassCache {
  static final int MAX_NAMES = 4096;
  private static final int VARIANTS_PER_NAME = 4;

  /** One instrumentation: its input, the siblings it consulted, and its result (null: skipped). */
  record Entry(byte[] bytes, Map<String, byte[]> consulted, byte[] result) {}

  private final LinkedHashMap<String, List<Entry>> byName =
      new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(
            Map.Entry<String, List<RunTimeClassCache.Entry>> eldest) {
          return size() > MAX_NAMES;
        }
      };

  /** The entry instrumented from these bytes with the same siblings, or null. */
  synchronized Entry find(String className, byte[] bytes, Map<String, byte[]> siblings) {
    List<Entry> variants = byName.get(className);
    if (variants == null) {
      return null;
    }
    for (Entry e : variants) {
      if (Arrays.equals(e.bytes, bytes) && sameSiblings(e.consulted, siblings)) {
        return e;
      }
    }
    return null;
  }

  synchronized void put(String className, Entry entry) {
    List<Entry> variants = byName.computeIfAbsent(className, k -> new ArrayList<>());
    if (variants.size() >= VARIANTS_PER_NAME) {
      variants.remove(0);
    }
    variants.add(entry);
  }

  /**
   * A locator of the run's {@code siblings} that notes in {@code consulted} the bytes of each one
   * looked up (null: not defined), for {@link Entry#consulted}.
   */
  static ClassFileLocator recording(Map<String, byte[]> siblings, Map<String, byte[]> consulted) {
    ClassFileLocator simple = new ClassFileLocator.Simple(siblings);
    return new ClassFileLocator() {
      @Override
      public Resolution locate(String name) throws IOException {
        byte[] sibling = siblings.get(name);
        consulted.put(name, sibling == null ? null : sibling.clone());
        return simple.locate(name);
      }

      @Override
      public void close() {}
    };
  }

  private static boolean sameSiblings(Map<String, byte[]> consulted, Map<String, byte[]> now) {
    for (Map.Entry<String, byte[]> c : consulted.entrySet()) {
      if (!Arrays.equals(c.getValue(), now.get(c.getKey()))) {
        return false;
      }
    }
    return true;
  }
}
