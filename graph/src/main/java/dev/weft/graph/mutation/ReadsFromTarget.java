package dev.weft.graph.mutation;

import dev.weft.graph.InterleavingGraph;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * One or two reads that should observe chosen writes (or the initial value): the orders that make
 * each chosen write the last one before its read, computed when the target was imagined.
 *
 * @param key the reads-from coverage key a run realising the target has
 * @param orders (before, after) pairs of vertices of the graph the target was imagined on
 * @param reads the reads the target is about, for reports and tests
 * @param mixedView two reads of one thread that saw one thread's writes and should see two
 *     different writers' (the initial value counts as a writer): a view of two locations that no
 *     single writer produced, the torn or half-published state an atomicity violation needs; such
 *     targets go first in the first schedule of a planning pass ({@link #placedFirst})
 */
public record ReadsFromTarget(long key, int[] orders, int[] reads, boolean mixedView)
    implements PlanTarget {
  @Override
  public boolean placedFirst() {
    return mixedView;
  }

  @Override
  public boolean constraints(InterleavingGraph g, IntArrayList out) {
    for (int i = 0; i < orders.length; i += 2) {
      if (!Ordering.add(g, orders[i], orders[i + 1], out)) {
        return false;
      }
    }
    return true;
  }
}
