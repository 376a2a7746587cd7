package dev.weft.graph.mutation;

import dev.weft.graph.CriticalSections;
import dev.weft.graph.InterleavingGraph;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Packs imaginary segments into as few schedules as a greedy pass allows (seed 002): start from
 * program order and causal edges, add each segment's ordering constraints in random order, keep
 * those that close no cycle (the harmonious ones), and sort the result topologically into a
 * schedule. Segments left out start the next schedule; one that cannot be placed even on a fresh
 * graph is infeasible on its own and dropped.
 *
 * <p>A segment's constraints are its two edges in their imagined directions, plus, for every lock
 * held at both ends of such an edge, the order of the two critical sections: moving an access
 * before another thread's locked access means moving its whole section before that section.
 */
public final class HarmoniousSelection {
  private HarmoniousSelection() {}

  /** What a planning pass produced. */
  public record Plan(
      List<PlannedSchedule> schedules,
      List<ImaginarySegment> infeasible,
      List<ImaginarySegment> unplaced) {}

  /**
   * Plans schedules for {@code segments}, at most {@code maxSchedules}; segments that did not fit
   * in them are returned as unplaced.
   */
  public static Plan plan(
      InterleavingGraph g, List<ImaginarySegment> segments, Random random, int maxSchedules) {
    List<ImaginarySegment> remaining = new ArrayList<>(segments);
    List<PlannedSchedule> schedules = new ArrayList<>();
    List<ImaginarySegment> infeasible = new ArrayList<>();
    IntArrayList constraints = new IntArrayList();
    while (!remaining.isEmpty() && schedules.size() < maxSchedules) {
      Collections.shuffle(remaining, random);
      ChainDag dag = new ChainDag(g);
      List<ImaginarySegment> placed = new ArrayList<>();
      List<ImaginarySegment> deferred = new ArrayList<>();
      for (ImaginarySegment s : remaining) {
        constraints.clear();
        boolean ok = constraintsOf(g, s, constraints) && addAll(dag, constraints);
        if (ok) {
          placed.add(s);
        } else if (placed.isEmpty()) {
          infeasible.add(s);
        } else {
          deferred.add(s);
        }
      }
      if (!placed.isEmpty()) {
        schedules.add(
            new PlannedSchedule(Schedule.of(g, dag.topologicalOrder()), List.copyOf(placed), g));
      }
      remaining = deferred;
    }
    return new Plan(schedules, infeasible, remaining);
  }

  private static boolean addAll(ChainDag dag, IntArrayList constraints) {
    int mark = dag.mark();
    for (int i = 0; i < constraints.size(); i += 2) {
      if (!dag.tryAdd(constraints.getInt(i), constraints.getInt(i + 1))) {
        dag.rollback(mark);
        return false;
      }
    }
    return true;
  }

  /**
   * Appends the segment's constraints as (before, after) pairs; false if it cannot hold at all (a
   * section that must end first never ends in the observed run).
   */
  static boolean constraintsOf(InterleavingGraph g, ImaginarySegment s, IntArrayList out) {
    return edge(g, s.firstEdge(), s.firstFlipped(), out)
        && edge(g, s.secondEdge(), s.secondFlipped(), out);
  }

  private static boolean edge(InterleavingGraph g, int edge, boolean flipped, IntArrayList out) {
    int before = flipped ? g.edgeTarget(edge) : g.edgeSource(edge);
    int after = flipped ? g.edgeSource(edge) : g.edgeTarget(edge);
    out.add(before);
    out.add(after);
    CriticalSections sections = g.sections();
    for (int su = sections.sectionOf(before);
        su != CriticalSections.NONE;
        su = sections.enclosing(su)) {
      for (int sv = sections.sectionOf(after);
          sv != CriticalSections.NONE;
          sv = sections.enclosing(sv)) {
        if (sections.lock(su) != sections.lock(sv)) {
          continue;
        }
        if (sections.last(su) == CriticalSections.NONE) {
          return false;
        }
        out.add(sections.last(su));
        out.add(sections.first(sv));
      }
    }
    return true;
  }
}
