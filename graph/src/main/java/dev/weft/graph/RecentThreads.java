package dev.weft.graph;

import java.util.Arrays;

/**
 * Per location, the latest event (or its site) of each of the few threads that touched it most
 * recently, most recent first: what {@link GraphBuilder} draws a new event's mutable edges from,
 * and {@link SiteConflicts} its site pairs. With a hundred threads on one lock, an edge from the
 * latest access of <em>every</em> other thread gave each event a hundred edges, most to threads
 * that had left the lock long before; building the graph and enumerating its segments then cost
 * several times the run. Every pair of conflicting accesses is still ordered through a path of kept
 * edges and program order (by induction on their distance: the nearest other thread's access each
 * way is always kept), so a schedule planned on the graph keeps every unflipped conflict as it was.
 */
final class RecentThreads {
  private final int capacity;

  /**
   * Per location, its threads most recent first, each as {@code thread << 32 | value}: one array,
   * so that a touch moves one run of words and a look reads one.
   */
  private final long[] entries;

  private final int[] size;

  /**
   * @param slots how many locations
   * @param capacity how many threads each location remembers
   */
  RecentThreads(int slots, int capacity) {
    this.capacity = capacity;
    this.entries = new long[slots * capacity];
    this.size = new int[slots];
  }

  void clear() {
    Arrays.fill(size, 0);
  }

  int size(int slot) {
    return size[slot];
  }

  /** The thread at {@code rank} (0 the most recent) of {@code slot}. */
  int thread(int slot, int rank) {
    return (int) (entries[slot * capacity + rank] >>> 32);
  }

  /** What was recorded for the latest touch of {@code slot} by the thread at {@code rank}. */
  int latest(int slot, int rank) {
    return (int) entries[slot * capacity + rank];
  }

  /**
   * Records that thread {@code t} touched {@code slot}, with {@code value} (its event or site): it
   * becomes the most recent, and the least recent is forgotten if the location was full.
   */
  void touch(int slot, int t, int value) {
    int base = slot * capacity;
    int n = size[slot];
    int at = 0;
    while (at < n && (int) (entries[base + at] >>> 32) != t) {
      at++;
    }
    if (at == n) {
      if (n < capacity) {
        size[slot] = n + 1;
      } else {
        at = n - 1;
      }
    }
    System.arraycopy(entries, base, entries, base + 1, at);
    entries[base] = (long) t << 32 | (value & 0xFFFF_FFFFL);
  }
}
