package dev.weft.graph.readsfrom;

import dev.weft.graph.InterleavingGraph;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;

/**
 * The reads-from coverage keys of a run, each with the first reads that realised it.
 *
 * <p>A <b>single</b> key is what one read saw: the read's site and kind, the source write's site
 * (or "initial value"), and whether the source was the reader's own thread. A <b>pair</b> key is
 * what two reads of one thread, at most {@code window} data accesses apart, saw together: both
 * singles, plus how their sources relate (the same write, the same thread in either order, other
 * threads, the initial value). The pair is what segments cannot tell apart: "read a, then read b"
 * conflicts with every writer of a and b in any run, so the segment of a checker reading a and b
 * from two different writers is covered by a run in which it read both from one writer; as a pair
 * key, "both from one thread" and "from two threads" differ.
 *
 * <p>Keys hash stable site keys and relations only (no indices, object or thread numbers), with a
 * seed of their own, so they never collide with segment keys by construction. Mixing as in {@code
 * SegmentKeys}; this is part of the coverage format.
 */
public final class ReadsFromKeys {
  static final long SINGLE_SEED = 0x5745_4654_5246_3131L;
  static final long PAIR_SEED = 0x5745_4654_5246_3232L;
  static final long INITIAL_SITE = 0x1A17_1A17_1A17_1A17L;
  private static final long MULTIPLIER = 0x9E3779B97F4A7C15L;

  private final long[] keys;
  private final LongOpenHashSet keySet;
  private final int[] firstRead;
  private final int[] secondRead;
  private final boolean truncated;

  private ReadsFromKeys(
      long[] keys, LongOpenHashSet keySet, int[] firstRead, int[] secondRead, boolean truncated) {
    this.keys = keys;
    this.keySet = keySet;
    this.firstRead = firstRead;
    this.secondRead = secondRead;
    this.truncated = truncated;
  }

  /**
   * Enumerates the keys of {@code g}'s reads: every read alone, and every pair of reads of one
   * thread at most {@code window} data accesses apart. Reads whose source lies before the graph's
   * window take no part. Stops after {@code maxInstances} instances.
   */
  public static ReadsFromKeys enumerate(
      InterleavingGraph g, ReadsFrom rf, int window, long maxInstances) {
    LongOpenHashSet seen = new LongOpenHashSet();
    LongArrayList keys = new LongArrayList();
    IntArrayList first = new IntArrayList();
    IntArrayList second = new IntArrayList();
    long instances = 0;
    boolean truncated = false;
    IntArrayList recent = new IntArrayList();
    threads:
    for (int t = 0; t < g.threadCount(); t++) {
      recent.clear();
      for (int i = 0; i < g.eventsInThread(t); i++) {
        int r = g.event(t, i);
        if (!rf.isRead(r) || rf.source(r) == ReadsFrom.BEFORE_WINDOW) {
          continue;
        }
        if (instances++ >= maxInstances) {
          truncated = true;
          break threads;
        }
        add(seen, keys, first, second, single(g, r, rf.source(r)), r, -1);
        int kept = 0;
        for (int j = 0; j < recent.size(); j++) {
          int p = recent.getInt(j);
          if (g.accessIndex(r) - g.accessIndex(p) <= window) {
            recent.set(kept++, p);
            instances++;
            add(seen, keys, first, second, pair(g, p, rf.source(p), r, rf.source(r)), p, r);
          }
        }
        recent.size(kept);
        recent.add(r);
      }
    }
    return new ReadsFromKeys(
        keys.toLongArray(), seen, first.toIntArray(), second.toIntArray(), truncated);
  }

  private static void add(
      LongOpenHashSet seen,
      LongArrayList keys,
      IntArrayList first,
      IntArrayList second,
      long key,
      int r1,
      int r2) {
    if (seen.add(key)) {
      keys.add(key);
      first.add(r1);
      second.add(r2);
    }
  }

  /** The key of read {@code r} observing {@code source} (a vertex or {@link ReadsFrom#INITIAL}). */
  public static long single(InterleavingGraph g, int r, int source) {
    long h = mix(SINGLE_SEED, readWord(g, r, source));
    return mix(h, sourceSite(g, source));
  }

  /**
   * The key of reads {@code r1} before {@code r2} (one thread) observing {@code s1} and {@code s2}.
   */
  public static long pair(InterleavingGraph g, int r1, int s1, int r2, int s2) {
    long h = mix(PAIR_SEED, readWord(g, r1, s1));
    h = mix(h, sourceSite(g, s1));
    h = mix(h, readWord(g, r2, s2));
    h = mix(h, sourceSite(g, s2));
    return mix(h, sourcesRelation(g, s1, s2));
  }

  private static long readWord(InterleavingGraph g, int r, int source) {
    long relation;
    if (source == ReadsFrom.INITIAL) {
      relation = 3;
    } else if (g.thread(source) == g.thread(r)) {
      relation = 1;
    } else {
      relation = 2;
    }
    return mix(g.siteKey(r), ((long) g.kind(r).ordinal() << 8) | relation);
  }

  private static long sourceSite(InterleavingGraph g, int source) {
    return source == ReadsFrom.INITIAL ? INITIAL_SITE : g.siteKey(source);
  }

  /** How two sources relate: both initial, one initial, the same write, one thread, two threads. */
  static long sourcesRelation(InterleavingGraph g, int s1, int s2) {
    if (s1 == ReadsFrom.INITIAL || s2 == ReadsFrom.INITIAL) {
      return s1 == s2 ? 0 : s1 == ReadsFrom.INITIAL ? 1 : 2;
    }
    if (s1 == s2) {
      return 3;
    }
    if (g.thread(s1) == g.thread(s2)) {
      return g.indexInThread(s1) < g.indexInThread(s2) ? 4 : 5;
    }
    return 6;
  }

  private static long mix(long h, long word) {
    h = (h ^ word) * MULTIPLIER;
    return h ^ (h >>> 29);
  }

  /** Number of distinct keys. */
  public int size() {
    return keys.length;
  }

  public long key(int i) {
    return keys[i];
  }

  public long[] keys() {
    return keys.clone();
  }

  /** Whether the run has key {@code key}. */
  public boolean contains(long key) {
    return keySet.contains(key);
  }

  /** The (first) read of the first instance of key {@code i}. */
  public int firstRead(int i) {
    return firstRead[i];
  }

  /** The second read of the first instance of key {@code i}, or -1 for a single key. */
  public int secondRead(int i) {
    return secondRead[i];
  }

  /** Whether enumeration stopped at the instance cap. */
  public boolean truncated() {
    return truncated;
  }
}
