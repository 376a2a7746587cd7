package dev.weft.fuzz.strategy;

import dev.weft.graph.InterleavingGraph;
import dev.weft.graph.mutation.PlanTarget;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The targets that planned runs realised, by the graph they were planned on: the material for
 * {@link TargetCombination}. Coverage keys are pairs of orderings, so a bug that needs two pairs at
 * once (two reads of {@code a} split by one writer and two reads of {@code b} by another) is
 * covered key by key in two runs and never targeted as a whole; schedules that pack realised
 * targets of one graph together again, in a new random combination, reach it.
 *
 * <p>Bounded: the most recent {@value #MAX_GRAPHS} graphs with a realised target, and graphs of at
 * most {@value #MAX_BYTES} bytes in all (long runs' graphs are large); the oldest go first.
 */
final class RealisedTargets {
  static final int MAX_GRAPHS = 8;
  static final long MAX_BYTES = 32L << 20;

  /** A graph and targets realised on it, to pack into one schedule. */
  record Pick(InterleavingGraph graph, List<PlanTarget> targets) {}

  private final Map<InterleavingGraph, List<PlanTarget>> byGraph = new IdentityHashMap<>();
  private final LinkedHashMap<InterleavingGraph, Boolean> age = new LinkedHashMap<>();
  private long bytes;

  /** Notes that {@code target}, planned on {@code graph}, was realised. */
  void add(InterleavingGraph graph, PlanTarget target) {
    List<PlanTarget> targets = byGraph.get(graph);
    if (targets == null) {
      if (graph.footprintBytes() > MAX_BYTES) {
        return;
      }
      targets = new ArrayList<>();
      byGraph.put(graph, targets);
      age.put(graph, Boolean.TRUE);
      bytes += graph.footprintBytes();
      while (byGraph.size() > MAX_GRAPHS || bytes > MAX_BYTES) {
        InterleavingGraph oldest = age.keySet().iterator().next();
        age.remove(oldest);
        byGraph.remove(oldest);
        bytes -= oldest.footprintBytes();
      }
    }
    targets.add(target);
  }

  /** Whether some graph has two realised targets or more, so a combination is possible. */
  boolean combinable() {
    for (List<PlanTarget> targets : byGraph.values()) {
      if (targets.size() >= 2) {
        return true;
      }
    }
    return false;
  }

  /** A uniformly chosen graph with two realised targets or more; null when there is none. */
  Pick pick(Random random) {
    List<InterleavingGraph> candidates = new ArrayList<>();
    for (InterleavingGraph g : age.keySet()) {
      if (byGraph.get(g).size() >= 2) {
        candidates.add(g);
      }
    }
    if (candidates.isEmpty()) {
      return null;
    }
    InterleavingGraph g = candidates.get(random.nextInt(candidates.size()));
    return new Pick(g, List.copyOf(byGraph.get(g)));
  }

  int graphs() {
    return byGraph.size();
  }
}
