package dev.weft.graph.mutation;

import dev.weft.graph.CriticalSections;
import dev.weft.graph.InterleavingGraph;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;

/**
 * Plans deadlocks from lock-order inversions a run shows without deadlocking: one thread took lock
 * A and, holding it, lock B; another took B and, holding it, A, at another time. Flipping conflict
 * edges reaches the deadlock only by luck (both outer sections must be entered before either inner
 * one), so each inversion gets its own schedule: the run as observed, except that the thread whose
 * outer section came first stops right after entering it until the other has entered its outer
 * section. Then each blocks on the other's lock. The schedule is followed as any planned one, so a
 * run that goes elsewhere still ends normally.
 */
public final class LockOrderInversions {
  private LockOrderInversions() {}

  /** One thread holding {@code outer}'s lock while it entered {@code inner}, a different lock. */
  private record Nesting(int thread, int outerEnter, int innerEnter, long held, long taken) {}

  /**
   * Schedules for the inversions of {@code g} whose key {@code wanted} accepts (the caller keeps
   * the keys it tried), at most {@code max}. A key names the four enters by stable site.
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
    List<Schedule> out = new ArrayList<>();
    for (int i = 0; i < nestings.size() && out.size() < max; i++) {
      for (int j = 0; j < nestings.size() && out.size() < max; j++) {
        Nesting x = nestings.get(i);
        Nesting y = nestings.get(j);
        if (x.thread() == y.thread()
            || x.held() != y.taken()
            || x.taken() != y.held()
            || x.outerEnter() >= y.outerEnter()) {
          continue;
        }
        long key = key(g, x, y);
        if (wanted.test(key)) {
          out.add(Schedule.of(g, order(g, x, y)));
        }
      }
    }
    return out;
  }

  /**
   * The observed order, except that {@code x}'s thread waits after its outer enter until {@code
   * y}'s outer enter has run; {@code x}'s outer section came first.
   */
  static int[] order(InterleavingGraph g, Nesting x, Nesting y) {
    int n = g.vertexCount();
    int xThread = x.thread();
    IntArrayList order = new IntArrayList(n);
    IntArrayList held = new IntArrayList();
    for (int v = 0; v < n; v++) {
      if (g.thread(v) == xThread && v > x.outerEnter() && v < y.outerEnter()) {
        held.add(v);
        continue;
      }
      order.add(v);
      if (v == y.outerEnter()) {
        order.addAll(held);
      }
    }
    return order.toIntArray();
  }

  private static long key(InterleavingGraph g, Nesting x, Nesting y) {
    long h = 0x9E3779B97F4A7C15L;
    for (int v : new int[] {x.outerEnter(), x.innerEnter(), y.outerEnter(), y.innerEnter()}) {
      h = (h ^ g.siteKey(v)) * 0xBF58476D1CE4E5B9L;
      h ^= h >>> 31;
    }
    return h;
  }
}
