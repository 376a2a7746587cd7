package dev.weft.graph.mutation;

import dev.weft.graph.InterleavingGraph;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * A segment not yet covered, derived from an observed one by flipping one or both of its mutable
 * edges. Its edges refer to the interleaving graph it was derived from.
 *
 * @param flips bit 0: the first edge is flipped; bit 1: the second edge is flipped
 * @param key the coverage key the segment would have if a run realised it
 */
public record ImaginarySegment(int firstEdge, int secondEdge, int flips, long key)
    implements PlanTarget {
  /** Its two edges in their imagined directions, with the section orders they imply. */
  @Override
  public boolean constraints(InterleavingGraph g, IntArrayList out) {
    return edge(g, firstEdge, firstFlipped(), out) && edge(g, secondEdge, secondFlipped(), out);
  }

  private static boolean edge(InterleavingGraph g, int edge, boolean flipped, IntArrayList out) {
    int before = flipped ? g.edgeTarget(edge) : g.edgeSource(edge);
    int after = flipped ? g.edgeSource(edge) : g.edgeTarget(edge);
    return Ordering.add(g, before, after, out);
  }

  public boolean firstFlipped() {
    return (flips & 1) != 0;
  }

  public boolean secondFlipped() {
    return (flips & 2) != 0;
  }
}
