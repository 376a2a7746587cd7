package dev.weft.graph.interference;

import dev.weft.graph.InterleavingGraph;
import dev.weft.graph.mutation.ChainDag;
import dev.weft.graph.mutation.Ordering;
import dev.weft.graph.mutation.Schedule;
import dev.weft.graph.readsfrom.ReadsFrom;
import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * Plans the schedule of one choice on the graph it was drawn from: every chosen read sees its
 * chosen write, and every other read of the run its local source ({@link
 * InterferenceSpace#localSources}). The seed encodes the same as timestamp constraints for an SMT
 * solver (program order, lock validity, read-write pairing); here they are orders added to a {@link
 * ChainDag} that refuses any that closes a cycle.
 *
 * <p>A read sees its source when no other write to the location falls between the two. Per thread,
 * whose writes to the location are in program order, that means a split: its writes up to some
 * point go before the source, the rest after the read. The split the observed run had is tried
 * first, then the others, nearest first; the first that closes no cycle stays (greedy, so a choice
 * that only a later read's different split would admit is wrongly called infeasible: the price of
 * not searching all combinations). Each order brings the critical-section orders it implies ({@link
 * Ordering}). A choice whose orders cannot all be placed is infeasible without a run.
 */
public final class InterferencePlanner {
  private InterferencePlanner() {}

  /** The schedule realising {@code choice}, or null if its orders contradict each other. */
  public static Schedule plan(InterferenceSpace space, InterferenceChoice choice) {
    InterleavingGraph g = space.graph();
    ReadsFrom rf = space.readsFrom();
    ChainDag dag = new ChainDag(g);
    Int2IntOpenHashMap chosen = new Int2IntOpenHashMap();
    for (int i = 0; i < choice.k(); i++) {
      chosen.put(choice.reads()[i], choice.writes()[i]);
      if (!sees(g, rf, dag, choice.reads()[i], choice.writes()[i])) {
        return null;
      }
    }
    for (int r = 0; r < g.vertexCount(); r++) {
      if (rf.isRead(r) && !chosen.containsKey(r) && !staysLocal(g, rf, dag, r, space)) {
        return null;
      }
    }
    return Schedule.of(g, dag.topologicalOrder());
  }

  /** Adds the orders that make {@code r} see one of its local sources; false if none fits. */
  private static boolean staysLocal(
      InterleavingGraph g, ReadsFrom rf, ChainDag dag, int r, InterferenceSpace space) {
    for (int source : space.localSources(r)) {
      if (sees(g, rf, dag, r, source)) {
        return true;
      }
    }
    return false;
  }

  /** Adds the orders that make {@code r} see {@code source}; false (nothing added) if none fit. */
  private static boolean sees(InterleavingGraph g, ReadsFrom rf, ChainDag dag, int r, int source) {
    int start = dag.mark();
    if (source >= 0 && !order(g, dag, source, r)) {
      return false;
    }
    int slot = rf.slot(r);
    IntArrayList others = new IntArrayList();
    for (int t = 0; t < g.threadCount(); t++) {
      others.clear();
      int observed = 0;
      for (int i = 0; i < rf.writeCount(slot); i++) {
        int x = rf.write(slot, i);
        if (g.thread(x) == t && x != r && x != source) {
          others.add(x);
          if (source >= 0 && x < source) {
            observed++;
          }
        }
      }
      if (!others.isEmpty() && !split(g, dag, r, source, others, observed)) {
        dag.rollback(start);
        return false;
      }
    }
    return true;
  }

  /**
   * Places one thread's writes {@code xs} (program order) before {@code source} or after {@code r}:
   * the first {@code j} before, the rest after, for the observed {@code j} first, then the others.
   */
  private static boolean split(
      InterleavingGraph g, ChainDag dag, int r, int source, IntArrayList xs, int observed) {
    int m = xs.size();
    for (int d = 0; d <= m; d++) {
      for (int side = 0; side < (d == 0 ? 1 : 2); side++) {
        int j = side == 0 ? observed - d : observed + d;
        if (j < 0 || j > m || (j > 0 && source < 0)) {
          continue;
        }
        int mark = dag.mark();
        boolean ok =
            (j == 0 || order(g, dag, xs.getInt(j - 1), source))
                && (j == m || order(g, dag, r, xs.getInt(j)));
        if (ok) {
          return true;
        }
        dag.rollback(mark);
      }
    }
    return false;
  }

  /** Adds {@code before -> after} with its section orders; false (nothing added) if it cannot. */
  private static boolean order(InterleavingGraph g, ChainDag dag, int before, int after) {
    if (g.thread(before) == g.thread(after)) {
      return g.indexInThread(before) < g.indexInThread(after); // program order, nothing to add
    }
    IntArrayList pairs = new IntArrayList();
    if (!Ordering.add(g, before, after, pairs)) {
      return false;
    }
    int mark = dag.mark();
    for (int i = 0; i < pairs.size(); i += 2) {
      if (!dag.tryAdd(pairs.getInt(i), pairs.getInt(i + 1))) {
        dag.rollback(mark);
        return false;
      }
    }
    return true;
  }
}
