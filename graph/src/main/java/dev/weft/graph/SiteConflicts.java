package dev.weft.graph;

import dev.weft.runtime.trace.Trace;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.Arrays;

/**
 * The pairs of code sites whose accesses conflicted in one run, in the order the run put them: what
 * the dashboard's interleaving map counts. Conflict and nearness are the interleaving graph's
 * ({@link GraphBuilder}): two threads, one location, at least one writes (lock operations write the
 * lock); each access is paired with the latest conflicting access of every other thread before it
 * and the earliest one after it. So every conflict edge a graph of the run has, and so every pair a
 * planned segment orders, is a pair counted here. It works without a graph (for {@code pct} and
 * {@code random} campaigns too), and costs per access the number of threads that touched its
 * location rather than the number of threads.
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
   * Forward, each access is paired with the nearest preceding conflicting access of each other
   * thread; backward, with the nearest following one.
   */
  private static void scan(
      Trace trace, int[] slot, int slots, boolean forward, LongOpenHashSet pairs) {
    Touches[] touches = new Touches[slots];
    int n = slot.length;
    for (int k = 0; k < n; k++) {
      int v = forward ? k : n - 1 - k;
      if (slot[v] < 0) {
        continue;
      }
      Touches here = touches[slot[v]];
      if (here == null) {
        here = touches[slot[v]] = new Touches();
      }
      int t = trace.thread(v);
      int site = trace.site(v);
      boolean writes = trace.kind(v).writes();
      for (int i = 0; i < here.count; i++) {
        if (here.thread[i] == t) {
          continue;
        }
        int other = writes ? here.access[i] : here.write[i];
        if (other >= 0) {
          pairs.add(forward ? pair(other, site) : pair(site, other));
        }
      }
      int own = here.of(t);
      here.access[own] = site;
      if (writes) {
        here.write[own] = site;
      }
    }
  }

  /** Per location: the threads that touched it so far and the site of each one's nearest access. */
  private static final class Touches {
    int count;
    int[] thread = new int[2];
    int[] access = new int[2];
    int[] write = new int[2];

    int of(int t) {
      for (int i = 0; i < count; i++) {
        if (thread[i] == t) {
          return i;
        }
      }
      if (count == thread.length) {
        thread = Arrays.copyOf(thread, count * 2);
        access = Arrays.copyOf(access, count * 2);
        write = Arrays.copyOf(write, count * 2);
      }
      thread[count] = t;
      access[count] = -1;
      write[count] = -1;
      return count++;
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
