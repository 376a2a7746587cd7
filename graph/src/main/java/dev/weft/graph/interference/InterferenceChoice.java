package dev.weft.graph.interference;

import dev.weft.trace.StableHash;
import java.util.Arrays;

/**
 * One choice of bounded interference: the reads made non-local, each with the write of another
 * thread it is to see; every other read is to stay local.
 *
 * @param reads the non-local reads, vertices of the graph the choice was drawn from, in run order
 * @param writes the write each of {@code reads} is to see, at the same index
 * @param readIdentities the {@link EventIdentities} of {@code reads}
 * @param writeIdentities the {@link EventIdentities} of {@code writes}
 * @param key the choice's name across runs: a hash of the input it is for and of its (read
 *     identity, write identity) pairs sorted by read identity, so that the same choice drawn from
 *     another run of the same input has the same key
 */
public record InterferenceChoice(
    int[] reads, int[] writes, long[] readIdentities, long[] writeIdentities, long key) {
  private static final long SEED = 0xB0B1DEA5L;

  /**
   * The choice of {@code reads} seeing {@code writes}, named by {@code identities}.
   *
   * @param input the key of the program input the run had: the same choice under another input is
   *     another test
   */
  public static InterferenceChoice of(
      int[] reads, int[] writes, EventIdentities identities, long input) {
    int k = reads.length;
    long[] readIds = new long[k];
    long[] writeIds = new long[k];
    for (int i = 0; i < k; i++) {
      readIds[i] = identities.of(reads[i]);
      writeIds[i] = identities.of(writes[i]);
    }
    Integer[] order = new Integer[k];
    for (int i = 0; i < k; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Long.compare(readIds[a], readIds[b]));
    long h = StableHash.mixInt(StableHash.mixLong(SEED, input), k);
    for (int i : order) {
      h = StableHash.mixLong(StableHash.mixLong(h, readIds[i]), writeIds[i]);
    }
    return new InterferenceChoice(reads, writes, readIds, writeIds, h);
  }

  /** The number of non-local reads. */
  public int k() {
    return reads.length;
  }
}
