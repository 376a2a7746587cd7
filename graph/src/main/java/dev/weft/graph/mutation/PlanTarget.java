package dev.weft.graph.mutation;

import dev.weft.graph.InterleavingGraph;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * Something a planned schedule is meant to make a run show, expressed as ordering constraints on
 * the events of the graph it was derived from. Harmonious selection packs targets of every kind
 * into one schedule as long as their constraints close no cycle, so a flipped segment and a read
 * that should see another write can be planned in the same step.
 */
public interface PlanTarget {
  /** The coverage key a run that realised the target would have. */
  long key();

  /**
   * Appends the target's constraints to {@code out} as (before, after) pairs of vertices of {@code
   * g}; false if it cannot hold at all (a section that must end first never ends in the observed
   * run).
   */
  boolean constraints(InterleavingGraph g, IntArrayList out);

  /**
   * Whether the target goes before the other targets of its group in the first schedule of a
   * planning pass (in random order among themselves): one read pair can see only one combination of
   * writes per schedule, so the combination placed first is the one the schedule tries.
   */
  default boolean placedFirst() {
    return false;
  }
}
