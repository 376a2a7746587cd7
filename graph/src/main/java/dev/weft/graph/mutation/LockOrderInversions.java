package dev.weft.graph.mutation;

import dev.weft.graph.CriticalSections;
import dev.weft.graph.InterleavingGraph;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongPredicate;

/**
 * Plans deadlocks from lock-order inversions a run shows without deadlocking: one thread took lock
 * A and, holding it, lock B; another took B and, holding it, A, at another time. Or, around a
 * longer cycle, k threads each holding one lock of a ring while taking the next (A then B, B then
 * C, C then A). Flipping conflict edges reaches the deadlock only by luck (every outer section must
 * be entered before any inner one), so each cycle gets its own schedule: the run as observed,
 * except that every thread of the cycle stops right after entering its outer section until the last
 * of them has entered its own. Then each blocks on the next one's lock. The schedule is followed as
 * any planned one, so a run that goes elsewhere still ends normally.
 *
 * <p>Cycles are searched depth-first from each nesting, through nestings of other threads whose
 * outer section began later (so each cycle is found once, from its earliest outer enter), up to
 * {@value #MAX_THREADS} threads and {@value #MAX_STEPS} steps per run.
 */
public final class LockOrderInversions {
  /** The most threads in one cycle. */
  static final int MAX_THREADS = 128;

  /** Search steps per run at most: a run with thousands of nestings stays cheap. */
  static final int MAX_STEPS = 1_000_000;

  private LockOrderInversions() {}

  /** One thread holding {@code outer}'s lock while it entered {@code inner}, a different lock. */
  record Nesting(int thread, int outerEnter, int innerEnter, long held, long taken) {}

  /**
   * Schedules for the cycles of {@code g} whose key {@code wanted} accepts (the caller keeps the
   * keys it tried), at most {@code max}. A key names the enters by stable site, in cycle order from
   * the earliest outer enter.
   */
  public static List<Schedule> plan(InterleavingGraph g, LongPredicate wanted, int max) {
    CriticalSections sections = g.sections();
    List<Nesting> nestings = new ArrayList<>();
    for (int s = 0; s < sections.count(); s++) {
      for (int e = sections.enclosing(s); e != CriticalSections.NONE; e = sections.enclosing(e)) {
        if (sections.lock(e) != sections.lock(s)) {
          nestings.add(
              new Nesting(
                  g.thread(sections.first(s)),
                  sections.first(e),
                  sections.first(s),
                  sections.lock(e),
                  sections.lock(s)));
        }
      }
    }
    Search search = new Search(g, nestings, wanted, max);
    for (int i = 0; i < nestings.size() && search.more(); i++) {
      search.from(nestings.get(i));
    }
    return search.found;
  }

  /** Depth-first search for cycles of nestings. */
  private static final class Search {
    private final InterleavingGraph g;
    private final List<Nesting> nestings;
    private final LongPredicate wanted;
    private final int max;
    private final List<Schedule> found = new ArrayList<>();
    private final List<Nesting> path = new ArrayList<>();

    /**
     * The positions of the nestings holding each lock, in order: the only ones a path extends to.
     */
    private final Long2ObjectOpenHashMap<IntArrayList> byHeld = new Long2ObjectOpenHashMap<>();

    private int steps;

    Search(InterleavingGraph g, List<Nesting> nestings, LongPredicate wanted, int max) {
      this.g = g;
      this.nestings = nestings;
      this.wanted = wanted;
      this.max = max;
      for (int j = 0; j < nestings.size(); j++) {
        byHeld.computeIfAbsent(nestings.get(j).held(), k -> new IntArrayList()).add(j);
      }
    }

    boolean more() {
      return found.size() < max && steps < MAX_STEPS;
    }

    void from(Nesting start) {
      path.add(start);
      extend();
      path.clear();
    }

    /**
     * Extends the path by every nesting that holds the lock the path's last one took. Steps count
     * every nesting as if each were examined in turn (the budget and the order of the results are
     * those of a scan over all nestings), but only the ones holding that lock are looked at.
     */
    private void extend() {
      Nesting first = path.get(0);
      Nesting last = path.get(path.size() - 1);
      int base = steps; // the count a scan had before examining nesting 0
      IntArrayList candidates = byHeld.get(last.taken());
      for (int c = 0; candidates != null && c < candidates.size(); c++) {
        int j = candidates.getInt(c);
        steps = base + j;
        if (!more()) {
          return;
        }
        steps++;
        Nesting next = nestings.get(j);
        if (next.outerEnter() <= first.outerEnter() || on(next)) {
          continue;
        }
        path.add(next);
        if (next.taken() == first.held()) {
          long key = key(g, path);
          if (wanted.test(key)) {
            found.add(Schedule.of(g, order(g, path)));
          }
        } else if (path.size() < MAX_THREADS) {
          extend();
        }
        path.remove(path.size() - 1);
        base = steps - (j + 1);
      }
      steps = base + nestings.size();
    }

    /** Whether the path already has {@code n}'s thread or holds its lock. */
    private boolean on(Nesting n) {
      for (Nesting p : path) {
        if (p.thread() == n.thread() || p.held() == n.held()) {
          return true;
        }
      }
      return false;
    }
  }

  /**
   * The observed order, except that every thread of the cycle but the one whose outer enter came
   * last waits after its outer enter until that last outer enter has run.
   */
  static int[] order(InterleavingGraph g, List<Nesting> cycle) {
    int lastOuter = -1;
    int[] waitsAfter = new int[g.threadCount()];
    Arrays.fill(waitsAfter, Integer.MAX_VALUE);
    for (Nesting x : cycle) {
      lastOuter = Math.max(lastOuter, x.outerEnter());
      waitsAfter[x.thread()] = x.outerEnter();
    }
    int n = g.vertexCount();
    IntArrayList order = new IntArrayList(n);
    IntArrayList held = new IntArrayList();
    for (int v = 0; v < n; v++) {
      if (v < lastOuter && v > waitsAfter[g.thread(v)]) {
        held.add(v);
        continue;
      }
      order.add(v);
      if (v == lastOuter) {
        order.addAll(held);
      }
    }
    return order.toIntArray();
  }

  private static long key(InterleavingGraph g, List<Nesting> cycle) {
    long h = 0x9E3779B97F4A7C15L;
    for (Nesting x : cycle) {
      for (int v : new int[] {x.outerEnter(), x.innerEnter()}) {
        h = (h ^ g.siteKey(v)) * 0xBF58476D1CE4E5B9L;
        h ^= h >>> 31;
      }
    }
    return h;
  }
}
