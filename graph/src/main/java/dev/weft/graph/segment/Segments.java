package dev.weft.graph.segment;

/**
 * The distinct segments of one run: for each coverage key, the first instance that realised it (its
 * two mutable edges, as observed). Mutation works from these instances; later instances of the same
 * key would add nothing to coverage and little to mutation.
 */
public final class Segments {
  private final long[] keys;
  private final int[] firstEdge;
  private final int[] secondEdge;
  private final int window;
  private final long instances;
  private final boolean truncated;
  private final boolean everyEdgeStarts;

  Segments(
      long[] keys,
      int[] firstEdge,
      int[] secondEdge,
      int window,
      long instances,
      boolean truncated,
      boolean everyEdgeStarts) {
    this.truncated = truncated;
    this.everyEdgeStarts = everyEdgeStarts;
    this.keys = keys;
    this.firstEdge = firstEdge;
    this.secondEdge = secondEdge;
    this.window = window;
    this.instances = instances;
  }

  /** Number of distinct keys. */
  public int size() {
    return keys.length;
  }

  public long key(int i) {
    return keys[i];
  }

  public int firstEdge(int i) {
    return firstEdge[i];
  }

  public int secondEdge(int i) {
    return secondEdge[i];
  }

  public long[] keys() {
    return keys.clone();
  }

  /** The window the enumeration ended with (tightened when the run had too many instances). */
  public int window() {
    return window;
  }

  /** Whether enumeration stopped at the instance cap before the end of the trace. */
  public boolean truncated() {
    return truncated;
  }

  /**
   * Whether every mutable edge started pairs (no pair of sites had more edges than {@link
   * SegmentOptions#instancesPerEdgeShape}): then which pairs were enumerated does not depend on the
   * order of the edges, only on which edges there are.
   */
  public boolean everyEdgeStarts() {
    return everyEdgeStarts;
  }

  /** Segment instances enumerated, duplicates of a key included. */
  public long instances() {
    return instances;
  }
}
