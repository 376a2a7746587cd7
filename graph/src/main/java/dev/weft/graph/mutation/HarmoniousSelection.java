package dev.weft.graph.mutation;

import dev.weft.graph.InterleavingGraph;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * Packs targets (imaginary segments, reads-from targets) into as few schedules as a greedy pass
 * allows (seed 002): start from program order and causal edges, add each segment's ordering
 * constraints in random order (in the first schedule, those that ask to be {@linkplain
 * PlanTarget#placedFirst placed first} before the rest), keep those that close no cycle (the
 * harmonious ones), and sort the result topologically into a schedule. Targets left out start the
 * next schedule; one that cannot be placed even on a fresh graph is infeasible on its own and
 * dropped.
 *
 * <p>Each target says which orders it needs ({@link PlanTarget#constraints}): a flipped segment its
 * two edges, a reads-from target the writes around the read; both with the orders of the critical
 * sections they imply.
 */
public final class HarmoniousSelection {
  /**
   * Targets that want to go first before the others; a stable sort keeps the shuffled order. Only
   * in a pass's first schedule, the one that runs soonest: the later ones keep the random order, so
   * that targets compatible with each other (a bug that needs two of them) still meet.
   */
  private static final Comparator<PlanTarget> PLACED_FIRST =
      Comparator.comparing(t -> !t.placedFirst());

  private HarmoniousSelection() {}

  /** What a planning pass produced. */
  public record Plan(
      List<PlannedSchedule> schedules, List<PlanTarget> infeasible, List<PlanTarget> unplaced) {}

  /**
   * Plans schedules for {@code targets}, at most {@code maxSchedules}; targets that did not fit in
   * them are returned as unplaced.
   */
  public static Plan plan(
      InterleavingGraph g, List<? extends PlanTarget> targets, Random random, int maxSchedules) {
    return plan(g, List.of(), targets, random, maxSchedules);
  }

  /**
   * Plans schedules for {@code preferred} and {@code others}: the first schedule (and every other
   * one after it) is filled with the preferred targets first, then the others; the second (and
   * every other one) the other way round; each group in random order. Neither kind crowds the other
   * out of the first schedules: with {@code preferred} empty this is {@link
   * #plan(InterleavingGraph, List, Random, int)}.
   */
  public static Plan plan(
      InterleavingGraph g,
      List<? extends PlanTarget> preferred,
      List<? extends PlanTarget> others,
      Random random,
      int maxSchedules) {
    List<PlanTarget> first = new ArrayList<>(preferred);
    List<PlanTarget> remaining = new ArrayList<>(others);
    List<PlannedSchedule> schedules = new ArrayList<>();
    List<PlanTarget> infeasible = new ArrayList<>();
    IntArrayList constraints = new IntArrayList();
    while (!(first.isEmpty() && remaining.isEmpty()) && schedules.size() < maxSchedules) {
      Collections.shuffle(first, random);
      Collections.shuffle(remaining, random);
      if (schedules.isEmpty()) {
        first.sort(PLACED_FIRST);
        remaining.sort(PLACED_FIRST);
      }
      ChainDag dag = new ChainDag(g);
      List<PlanTarget> placed = new ArrayList<>();
      List<PlanTarget> deferredFirst = new ArrayList<>();
      List<PlanTarget> deferred = new ArrayList<>();
      boolean preferFirst = schedules.size() % 2 == 0;
      for (List<PlanTarget> group :
          preferFirst ? List.of(first, remaining) : List.of(remaining, first)) {
        for (PlanTarget s : group) {
          constraints.clear();
          boolean ok = s.constraints(g, constraints) && addAll(dag, constraints);
          if (ok) {
            placed.add(s);
          } else if (placed.isEmpty()) {
            infeasible.add(s);
          } else {
            (group == first ? deferredFirst : deferred).add(s);
          }
        }
      }
      if (!placed.isEmpty()) {
        schedules.add(
            new PlannedSchedule(Schedule.of(g, dag.topologicalOrder()), List.copyOf(placed), g));
      }
      first = deferredFirst;
      remaining = deferred;
    }
    List<PlanTarget> unplaced = new ArrayList<>(first);
    unplaced.addAll(remaining);
    return new Plan(schedules, infeasible, unplaced);
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
}
