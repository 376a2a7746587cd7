package dev.weft.runtime.input;

/**
 * The branch edges of one run, each with its AFL hit-count bucket (1, 2, 3, 4-7, 8-15, 16-31,
 * 32-127, 128+ as the bits 0-7), and the integer comparisons it made: what the input search keeps
 * of a run once it has ended. Buckets rather than counts, so that a loop that ran once more is no
 * news but one that ran eight times rather than one is.
 *
 * @param ids edge ids, ascending
 * @param buckets each edge's bucket bit
 * @param comparisons each comparison's operands, the first in the high 32 bits
 */
public record RunEdges(int[] ids, byte[] buckets, long[] comparisons) {
  public static final RunEdges NONE = new RunEdges(new int[0], new byte[0], new long[0]);

  static byte bucket(int hits) {
    if (hits <= 3) {
      return (byte) (1 << (hits - 1));
    }
    if (hits <= 7) {
      return 1 << 3;
    }
    if (hits <= 15) {
      return 1 << 4;
    }
    if (hits <= 31) {
      return 1 << 5;
    }
    if (hits <= 127) {
      return 1 << 6;
    }
    return (byte) (1 << 7);
  }

  public int size() {
    return ids.length;
  }
}
