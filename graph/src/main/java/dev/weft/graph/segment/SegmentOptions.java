package dev.weft.graph.segment;

/**
 * How segments are enumerated.
 *
 * @param window the largest distance, counted in data accesses (lock operations do not count),
 *     between two vertices of one thread in a segment; with 4, an atomicity violation across up to
 *     three intervening accesses is still one segment
 * @param maxInstances segment instances per run before the window is tightened by one and the
 *     enumeration redone (SegFuzz tightens until fewer than 20,000 remain); bounds the time spent
 *     per run on long traces
 * @param instancesPerEdgeShape how many edges with the same pair of sites may start segments; the
 *     rest only end them
 * @param readsFrom whether reads-from keys (what each read, and each pair of nearby reads of one
 *     thread, observed) are coverage and planned for besides segments
 */
public record SegmentOptions(
    int window, int maxInstances, int instancesPerEdgeShape, boolean readsFrom) {
  public static final SegmentOptions DEFAULT = new SegmentOptions(4, 200_000, 16, true);

  /** Segments and reads-from. */
  public SegmentOptions(int window, int maxInstances, int instancesPerEdgeShape) {
    this(window, maxInstances, instancesPerEdgeShape, true);
  }

  /** The same options with reads-from on or off. */
  public SegmentOptions withReadsFrom(boolean on) {
    return new SegmentOptions(window, maxInstances, instancesPerEdgeShape, on);
  }

  public SegmentOptions {
    if (window < 0) {
      throw new IllegalArgumentException("segment window must be >= 0, got " + window);
    }
    if (instancesPerEdgeShape < 1) {
      throw new IllegalArgumentException(
          "instances per edge shape must be >= 1, got " + instancesPerEdgeShape);
    }
    if (maxInstances < 1) {
      throw new IllegalArgumentException("segment cap must be >= 1, got " + maxInstances);
    }
  }
}
