package dev.weft.graph.segment;

import it.unimi.dsi.fastutil.longs.LongOpenHashSet;

/**
 * The set of segment keys seen so far in a campaign. A primitive set: campaigns reach millions of
 * keys, and a boxed {@code Long} per key would cost several times the memory.
 */
public final class Coverage {
  private final LongOpenHashSet keys = new LongOpenHashSet();

  /** Adds the run's keys and returns how many were new. */
  public int addAll(Segments segments) {
    int added = 0;
    for (int i = 0; i < segments.size(); i++) {
      if (keys.add(segments.key(i))) {
        added++;
      }
    }
    return added;
  }

  /** Adds one key; returns whether it was new. */
  public boolean add(long key) {
    return keys.add(key);
  }

  public boolean contains(long key) {
    return keys.contains(key);
  }

  public int size() {
    return keys.size();
  }
}
