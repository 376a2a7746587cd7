package dev.weft.runtime.races;

import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;

/**
 * Happens-before as vector clocks: one clock per thread, and per synchronising key the clock its
 * last release left ({@code released}) and the join of its read-side releases ({@code readers}, for
 * read locks and optimistic reads, where a later write acquisition must follow every reader while
 * readers need not follow each other). A thread's own entry advances after each release, so an
 * access made after a release is not ordered by it.
 */
final class VectorClocks {
  private final int[][] clocks;
  private final Long2ObjectOpenHashMap<int[]> released = new Long2ObjectOpenHashMap<>();
  private final Long2ObjectOpenHashMap<int[]> readers = new Long2ObjectOpenHashMap<>();
  private final Int2ObjectOpenHashMap<int[]> snapshots = new Int2ObjectOpenHashMap<>();

  VectorClocks(int threads) {
    clocks = new int[threads][threads];
    for (int t = 0; t < threads; t++) {
      clocks[t][t] = 1;
    }
  }

  int threads() {
    return clocks.length;
  }

  /** Thread {@code t}'s clock; read-only to callers. */
  int[] of(int t) {
    return clocks[t];
  }

  void acquire(int t, long key) {
    join(clocks[t], released.get(key));
  }

  void acquireReaders(int t, long key) {
    join(clocks[t], readers.get(key));
  }

  /** Everything any thread did so far happens before {@code t}'s next step. */
  void acquireAll(int t) {
    for (int[] other : clocks) {
      join(clocks[t], other);
    }
  }

  /** A release that a later acquire of {@code key} sees alone (unlock, volatile write). */
  void release(int t, long key) {
    int[] c = released.get(key);
    if (c == null) {
      released.put(key, clocks[t].clone());
    } else {
      System.arraycopy(clocks[t], 0, c, 0, c.length);
    }
    clocks[t][t]++;
  }

  /** A release that adds to what earlier releases of {@code key} published (an atomic update). */
  void releaseMerged(int t, long key) {
    merge(released, key, clocks[t]);
    clocks[t][t]++;
  }

  /** A read-side release: later write-side acquires see every reader. */
  void releaseReader(int t, long key) {
    merge(readers, key, clocks[t]);
    clocks[t][t]++;
  }

  /** Keeps {@code t}'s clock for a causal edge leaving this event (a start, a thread's end). */
  void snapshot(int t, int event) {
    snapshots.put(event, clocks[t].clone());
    clocks[t][t]++;
  }

  /** Joins the clock kept at event {@code source} into {@code t}'s (a join, a child's begin). */
  void acquireSnapshot(int t, int source) {
    join(clocks[t], snapshots.get(source));
  }

  private static void merge(Long2ObjectOpenHashMap<int[]> map, long key, int[] clock) {
    int[] c = map.get(key);
    if (c == null) {
      map.put(key, clock.clone());
    } else {
      join(c, clock);
    }
  }

  private static void join(int[] into, int[] from) {
    if (from == null) {
      return;
    }
    for (int u = 0; u < into.length; u++) {
      if (from[u] > into[u]) {
        into[u] = from[u];
      }
    }
  }
}
