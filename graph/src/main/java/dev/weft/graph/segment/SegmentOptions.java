package dev.weft.graph.segment;

/**
 * How segments are enumerated.
 *
 * @param window the largest program-order distance between two vertices of one thread in a segment;
 *     with 4, an atomicity violation across up to three intervening accesses is still one segment
 *     (seed 004's Circle needs 4: a write, an exit, an enter and a read lie between the two
 *     accesses of the violated pair)
 * @param maxInstances segment instances per run before the window is tightened by one and the
 *     enumeration redone (SegFuzz tightens until fewer than 20,000 remain); bounds the time spent
 *     per run on long traces
 */
public record SegmentOptions(int window, int maxInstances) {
  public static final SegmentOptions DEFAULT = new SegmentOptions(4, 200_000);

  public SegmentOptions {
    if (window < 0) {
      throw new IllegalArgumentException("segment window must be >= 0, got " + window);
    }
    if (maxInstances < 1) {
      throw new IllegalArgumentException("segment cap must be >= 1, got " + maxInstances);
    }
  }
}
