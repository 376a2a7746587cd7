package dev.weft.graph.mutation;

/**
 * A segment not yet covered, derived from an observed one by flipping one or both of its mutable
 * edges. Its edges refer to the interleaving graph it was derived from.
 *
 * @param flips bit 0: the first edge is flipped; bit 1: the second edge is flipped
 * @param key the coverage key the segment would have if a run realised it
 */
public record ImaginarySegment(int firstEdge, int secondEdge, int flips, long key) {
  public boolean firstFlipped() {
    return (flips & 1) != 0;
  }

  public boolean secondFlipped() {
    return (flips & 2) != 0;
  }
}
