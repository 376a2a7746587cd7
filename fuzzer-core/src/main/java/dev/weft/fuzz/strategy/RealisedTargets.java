package dev.weft.fuzz.strategy;

import dev.weft.graph.InterleavingGraph;
import dev.weft.graph.mutation.PlanTarget;
import dev.weft.trace.StableHash;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
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
 * <p>Each graph remembers the combinations already run on it (by their targets' keys), so that a
 * few compatible targets, which pack the same way whatever their order, are not run again and
 * again; a graph whose shuffles keep giving tried combinations is exhausted until it gets a new
 * target.
 *
 * <p>Bounded: the most recent {@value #MAX_GRAPHS} graphs with a realised target, and graphs of at
 * most {@value #MAX_BYTES} bytes in all (long runs' graphs are large); the oldest go first.
 */
final class RealisedTargets {
  static final int MAX_GRAPHS = 8;
  static final long MAX_BYTES = 32L << 20;

  /** A graph and targets realised on it, to pack into one schedule. */
  record Pick(InterleavingGraph graph, List<PlanTarget> targets) {}

  /** The targets realised on one graph and the combinations of them already run. */
  private static final class Realised {
    final List<PlanTarget> targets = new ArrayList<>();
    final LongOpenHashSet tried = new LongOpenHashSet();
    boolean exhausted;

    boolean combinable() {
      return targets.size() >= 2 && !exhausted;
    }
  }

  /** Oldest first; graphs compare by identity. */
  private final Map<InterleavingGraph, Realised> byGraph = new LinkedHashMap<>();

  private long bytes;

  /** Notes that {@code target}, planned on {@code graph}, was realised. */
  void add(InterleavingGraph graph, PlanTarget target) {
    Realised realised = byGraph.get(graph);
    if (realised == null) {
      if (graph.footprintBytes() > MAX_BYTES) {
        return;
      }
      realised = new Realised();
      byGraph.put(graph, realised);
      bytes += graph.footprintBytes();
      while (byGraph.size() > MAX_GRAPHS || bytes > MAX_BYTES) {
        InterleavingGraph oldest = byGraph.keySet().iterator().next();
        byGraph.remove(oldest);
        bytes -= oldest.footprintBytes();
      }
    }
    realised.targets.add(target);
    realised.exhausted = false;
  }

  /** Whether some graph has two realised targets or more and is not exhausted. */
  boolean combinable() {
    for (Realised r : byGraph.values()) {
      if (r.combinable()) {
        return true;
      }
    }
    return false;
  }

  /**
   * A uniformly chosen graph that is {@link #combinable}, with its targets in a random order; null
   * when there is none.
   */
  Pick pick(Random random) {
    List<InterleavingGraph> candidates = new ArrayList<>();
    for (Map.Entry<InterleavingGraph, Realised> e : byGraph.entrySet()) {
      if (e.getValue().combinable()) {
        candidates.add(e.getKey());
      }
    }
    if (candidates.isEmpty()) {
      return null;
    }
    InterleavingGraph g = candidates.get(random.nextInt(candidates.size()));
    List<PlanTarget> targets = new ArrayList<>(byGraph.get(g).targets);
    Collections.shuffle(targets, random);
    return new Pick(g, targets);
  }

  /**
   * Notes that the combination of {@code targets} (a schedule's) is run on {@code graph}; false
   * when it already was.
   */
  boolean firstTry(InterleavingGraph graph, List<PlanTarget> targets) {
    long[] keys = new long[targets.size()];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = targets.get(i).key();
    }
    Arrays.sort(keys);
    long h = StableHash.mixInt(0, keys.length);
    for (long k : keys) {
      h = StableHash.mixLong(h, k);
    }
    Realised r = byGraph.get(graph);
    return r != null && r.tried.add(h);
  }

  /** No new combination came from {@code graph}: leave it until it gets a new target. */
  void exhaust(InterleavingGraph graph) {
    Realised r = byGraph.get(graph);
    if (r != null) {
      r.exhausted = true;
    }
  }

  int graphs() {
    return byGraph.size();
  }
}
