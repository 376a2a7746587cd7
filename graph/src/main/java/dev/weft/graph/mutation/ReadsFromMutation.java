package dev.weft.graph.mutation;

import dev.weft.graph.InterleavingGraph;
import dev.weft.graph.readsfrom.ReadsFrom;
import dev.weft.graph.readsfrom.ReadsFromKeys;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongPredicate;

/**
 * Imagines reads-from targets from a run: for each distinct reads-from key's first instance, the
 * same read (or pair of reads) observing other writes. A read may be given
 *
 * <ul>
 *   <li>the <b>initial value</b>, when it saw a write and nothing forces a write before it (its own
 *       thread wrote no earlier, nothing was written before the window);
 *   <li>the <b>previous write</b>: the latest write before the one it saw, by another thread than
 *       that one's (the value a reader sees when the last writer is slower);
 *   <li>an <b>older write of another site</b>: for each of the few nearest sites that wrote the
 *       location before the write it saw, that site's latest write by another thread than that
 *       one's (the zero an initialiser wrote before N threads overwrote it), one candidate however
 *       many threads wrote in between;
 *   <li>the <b>next write</b>: the earliest write after the read, by another thread than the
 *       reader's (a value from the future of the observed run).
 * </ul>
 *
 * A read observes write {@code w} when {@code w} comes before it and every other write to the
 * location comes before {@code w} or after the read: per thread, its last write before {@code w}
 * (in the observed run) is ordered before {@code w}, and its first write after {@code w} after the
 * read; program order does the rest. For the initial value, each thread's first write comes after
 * the read. That is at most two orders per thread, checked for cycles and placed together with
 * segment flips by {@link HarmoniousSelection}. A pair target orders both reads, the one that keeps
 * its write too, so that moving the other's writes cannot change what it sees. A pair whose reads
 * saw one thread's writes and should see two different writers' (the initial value counts as a
 * writer of its own) asks for a view of two locations that no single writer produced: the torn or
 * half-published state an atomicity violation needs. Such targets lead a planning pass's first
 * schedule.
 */
public final class ReadsFromMutation {
  private ReadsFromMutation() {}

  /** Targets whose key {@code wanted} accepts, one per key. */
  public static List<ReadsFromTarget> imagine(
      InterleavingGraph g, ReadsFrom rf, ReadsFromKeys keys, LongPredicate wanted) {
    List<ReadsFromTarget> out = new ArrayList<>();
    LongOpenHashSet seen = new LongOpenHashSet();
    Orders orders = new Orders(g, rf);
    for (int i = 0; i < keys.size(); i++) {
      int r1 = keys.firstRead(i);
      int r2 = keys.secondRead(i);
      int[] sources1 = sources(g, rf, r1);
      if (r2 < 0) {
        for (int a = 1; a < sources1.length; a++) {
          long key = ReadsFromKeys.single(g, r1, sources1[a]);
          if (wanted.test(key) && seen.add(key)) {
            int[] constraints = orders.of(r1, sources1[a], null);
            if (constraints != null) {
              out.add(new ReadsFromTarget(key, constraints, new int[] {r1}, false));
            }
          }
        }
        continue;
      }
      int[] sources2 = sources(g, rf, r2);
      for (int a = 0; a < sources1.length; a++) {
        for (int b = a == 0 ? 1 : 0; b < sources2.length; b++) {
          long key = ReadsFromKeys.pair(g, r1, sources1[a], r2, sources2[b]);
          if (wanted.test(key) && seen.add(key)) {
            int[] first = orders.of(r1, sources1[a], null);
            int[] both = first == null ? null : orders.of(r2, sources2[b], first);
            if (both != null) {
              boolean mixed =
                  oneWriter(g, sources1[0], sources2[0])
                      && writer(g, sources1[a]) != writer(g, sources2[b]);
              out.add(new ReadsFromTarget(key, both, new int[] {r1, r2}, mixed));
            }
          }
        }
      }
    }
    return out;
  }

  /** Whether two observed sources are writes of one thread. */
  private static boolean oneWriter(InterleavingGraph g, int s1, int s2) {
    return s1 >= 0 && s2 >= 0 && g.thread(s1) == g.thread(s2);
  }

  /** The thread that wrote {@code source}, or -1 for the initial value (or none in the graph). */
  private static int writer(InterleavingGraph g, int source) {
    return source < 0 ? -1 : g.thread(source);
  }

  /**
   * Older writes offered besides the previous one, at most: the latest write of each of the nearest
   * other sites before the observed write.
   */
  static final int MAX_OLDER_SITES = 3;

  /** The source {@code r} observed, then the other sources worth trying. */
  static int[] sources(InterleavingGraph g, ReadsFrom rf, int r) {
    int observed = rf.source(r);
    int slot = rf.slot(r);
    IntArrayList out = new IntArrayList(4);
    out.add(observed);
    int reader = g.thread(r);
    boolean ownEarlierWrite = false;
    int ownLastBefore = -1;
    int previous = -1;
    int next = -1;
    for (int i = 0; i < rf.writeCount(slot); i++) {
      int w = rf.write(slot, i);
      if (w < r && g.thread(w) == reader) {
        ownEarlierWrite = true;
        ownLastBefore = w;
      }
      if (observed >= 0 && w < observed && g.thread(w) != g.thread(observed)) {
        previous = w;
      }
      if (next < 0 && w > r && g.thread(w) != reader) {
        next = w;
      }
    }
    if (observed != ReadsFrom.INITIAL && !ownEarlierWrite && !rf.writtenBefore(slot)) {
      out.add(ReadsFrom.INITIAL);
    }
    if (previous >= 0) {
      out.add(previous);
    }
    if (observed >= 0) {
      addOlderSites(g, rf, slot, observed, ownLastBefore, out);
    }
    if (next >= 0) {
      out.add(next);
    }
    return out.toIntArray();
  }

  /**
   * Adds, for each of the {@value #MAX_OLDER_SITES} nearest sites whose writes came before {@code
   * observed} (other than the sites offered already, the observed write's too), its latest write
   * before {@code observed} by another thread than that one's, stopping at {@code floor} (the
   * reader's own last write before it: no older write can be seen past it). However many threads
   * wrote in between, such a write is one candidate: a value the program wrote once, before the
   * writers that overwrote it (an initialiser's zero before N threads' updates), is a target of its
   * own, planned directly by moving the read before every later write, not reached one writer at a
   * time through {@code previous}. The observed writer's own older writes are left to segment
   * flips, as for {@code previous}: offering them too made the work-stealing family, whose owner
   * writes {@code bottom} at five sites, slower at 3-10 tasks (5 to 9-10 executions) for no gain
   * elsewhere.
   */
  private static void addOlderSites(
      InterleavingGraph g, ReadsFrom rf, int slot, int observed, int floor, IntArrayList out) {
    int added = 0;
    for (int i = rf.writeCount(slot) - 1; i >= 0 && added < MAX_OLDER_SITES; i--) {
      int w = rf.write(slot, i);
      if (w >= observed) {
        continue;
      }
      if (w < floor) {
        break;
      }
      long site = g.siteKey(w);
      if (g.thread(w) == g.thread(observed) || offered(g, out, site)) {
        continue;
      }
      out.add(w);
      added++;
    }
  }

  /** Whether a write of site {@code site} is among the candidates (the observed one too). */
  private static boolean offered(InterleavingGraph g, IntArrayList out, long site) {
    for (int i = 0; i < out.size(); i++) {
      int w = out.getInt(i);
      if (w >= 0 && g.siteKey(w) == site) {
        return true;
      }
    }
    return false;
  }

  /** Builds the orders that make a read observe a write. */
  private static final class Orders {
    private final InterleavingGraph g;
    private final ReadsFrom rf;
    private final int[] lastBefore;
    private final int[] firstAfter;

    Orders(InterleavingGraph g, ReadsFrom rf) {
      this.g = g;
      this.rf = rf;
      this.lastBefore = new int[g.threadCount()];
      this.firstAfter = new int[g.threadCount()];
    }

    /**
     * {@code prefix} followed by the orders that make {@code r} observe {@code w}; null if one of
     * them contradicts program order (the reader's own write would come between).
     */
    int[] of(int r, int w, int[] prefix) {
      int slot = rf.slot(r);
      Arrays.fill(lastBefore, -1);
      Arrays.fill(firstAfter, -1);
      for (int i = 0; i < rf.writeCount(slot); i++) {
        int x = rf.write(slot, i);
        if (x == w || x == r) {
          continue;
        }
        int t = g.thread(x);
        if (w != ReadsFrom.INITIAL && x < w) {
          lastBefore[t] = x;
        } else if (firstAfter[t] < 0) {
          firstAfter[t] = x;
        }
      }
      IntArrayList out = new IntArrayList();
      if (prefix != null) {
        out.addElements(0, prefix);
      }
      if (w >= 0) {
        if (!ordered(w, r)) {
          return null;
        }
        out.add(w);
        out.add(r);
      }
      for (int t = 0; t < lastBefore.length; t++) {
        if (lastBefore[t] >= 0 && t != g.thread(w)) {
          out.add(lastBefore[t]);
          out.add(w);
        }
        if (firstAfter[t] >= 0) {
          if (!ordered(r, firstAfter[t])) {
            return null;
          }
          if (t != g.thread(r)) {
            out.add(r);
            out.add(firstAfter[t]);
          }
        }
      }
      return out.toIntArray();
    }

    /** False when {@code before -> after} contradicts program order. */
    private boolean ordered(int before, int after) {
      return g.thread(before) != g.thread(after)
          || g.indexInThread(before) < g.indexInThread(after);
    }
  }
}
