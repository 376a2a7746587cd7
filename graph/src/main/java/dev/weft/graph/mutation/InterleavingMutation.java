package dev.weft.graph.mutation;

import dev.weft.graph.InterleavingGraph;
import dev.weft.graph.segment.SegmentKeys;
import dev.weft.graph.segment.Segments;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.LongPredicate;

/**
 * One round of interleaving mutation on a run: derive the imaginary segments (each observed segment
 * with one or both edges flipped) whose keys are wanted, then pack them into schedules.
 */
public final class InterleavingMutation {
  private final Random random;
  private final int maxSchedules;

  /**
   * @param maxSchedules schedules per round at most; segments beyond are returned unplaced
   */
  public InterleavingMutation(Random random, int maxSchedules) {
    this.random = random;
    this.maxSchedules = maxSchedules;
  }

  /**
   * Imaginary segments of {@code segments} whose key {@code wanted} accepts (typically: not covered
   * and not targeted yet), one per key.
   */
  public static List<ImaginarySegment> imagine(
      InterleavingGraph g, Segments segments, LongPredicate wanted) {
    List<ImaginarySegment> out = new ArrayList<>();
    LongOpenHashSet seen = new LongOpenHashSet();
    for (int i = 0; i < segments.size(); i++) {
      int e1 = segments.firstEdge(i);
      int e2 = segments.secondEdge(i);
      for (int flips = 1; flips <= 3; flips++) {
        long key = SegmentKeys.key(g, e1, (flips & 1) != 0, e2, (flips & 2) != 0);
        if (key != segments.key(i) && wanted.test(key) && seen.add(key)) {
          out.add(new ImaginarySegment(e1, e2, flips, key));
        }
      }
    }
    return out;
  }

  public HarmoniousSelection.Plan mutate(
      InterleavingGraph g, Segments segments, LongPredicate wanted) {
    return HarmoniousSelection.plan(g, imagine(g, segments, wanted), random, maxSchedules);
  }

  /**
   * Plans the wanted imaginary segments of {@code segments} together with {@code reads}, which fill
   * each schedule first: a reads-from target names the writes a read needs around it, a flipped
   * segment only two conflicts, so the reads-from targets are the more precise and go first.
   */
  public HarmoniousSelection.Plan mutate(
      InterleavingGraph g,
      Segments segments,
      List<? extends PlanTarget> reads,
      LongPredicate wanted) {
    return HarmoniousSelection.plan(g, reads, imagine(g, segments, wanted), random, maxSchedules);
  }
}
