package dev.weft.graph;

import dev.weft.trace.Trace;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.Arrays;

/**
 * The pairs of code sites whose accesses conflicted in one run, in the order the run put them: what
 * the dashboard's interleaving map counts. Conflict and nearness are the interleaving graph's
 * ({@link GraphBuilder}): two threads, one location, at least one writes (lock operations write the
 * lock); each access is paired with the latest conflicting access before it and the earliest one
 * after it of each of the {@link GraphBuilder#NEAREST_THREADS} other threads nearest to it at its
 * location. So every conflict edge a graph of the run has, and so every pair a planned segment
 * orders, is a pair counted here. It works without a graph (for {@code pct} and {@code random}
 * campaigns too).
 */
public final class SiteConflicts {
  private SiteConflicts() {}

  /**
   * The distinct ordered pairs of site ids, each as {@code first << 32 | second}: an access at
   * {@code first} conflicted with, and ran before, one at {@code second} in another thread.
   */
  public static long[] of(Trace trace) {
    AccessSlots access = AccessSlots.of(trace, 0, trace.size());
    LongOpenHashSet pairs = new LongOpenHashSet();
    scan(trace, access.slot(), access.count(), true, pairs);
    scan(trace, access.slot(), access.count(), false, pairs);
    long[] out = pairs.toLongArray();
    Arrays.sort(out);
    return out;
  }

  /**
   * Forward, each access is paired with the nearest preceding conflicting access of each of the
   * nearest other threads; backward, with the nearest following one.
   */
  private static void scan(
      Trace trace, int[] slot, int slots, boolean forward, LongOpenHashSet pairs) {
    int remembered = GraphBuilder.NEAREST_THREADS + 1;
    RecentThreads writes = new RecentThreads(slots, remembered);
    RecentThreads accesses = new RecentThreads(slots, remembered);
    int n = slot.length;
    for (int k = 0; k < n; k++) {
      int v = forward ? k : n - 1 - k;
      int s = slot[v];
      if (s < 0) {
        continue;
      }
      int t = trace.thread(v);
      int site = trace.site(v);
      boolean isWrite = trace.kind(v).writes();
      RecentThreads conflicting = isWrite ? accesses : writes;
      int found = 0;
      for (int rank = 0;
          rank < conflicting.size(s) && found < GraphBuilder.NEAREST_THREADS;
          rank++) {
        if (conflicting.thread(s, rank) != t) {
          int other = conflicting.latest(s, rank);
          pairs.add(forward ? pair(other, site) : pair(site, other));
          found++;
        }
      }
      accesses.touch(s, t, site);
      if (isWrite) {
        writes.touch(s, t, site);
      }
    }
  }

  private static long pair(int first, int second) {
    return ((long) first << 32) | (second & 0xffffffffL);
  }

  public static int first(long pair) {
    return (int) (pair >>> 32);
  }

  public static int second(long pair) {
    return (int) pair;
  }
}
