package dev.weft.fuzz.input;

import dev.weft.runtime.input.BranchCoverage;
import dev.weft.runtime.input.RunEdges;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * Every branch edge and hit-count bucket a campaign's runs have reached, as AFL's "virgin" map: a
 * run is news for the input search when it reaches an edge no run reached, or an edge in a bucket
 * no run reached it in (a loop taken eight times where it had been taken once).
 */
public final class EdgeMap {
  private final byte[] seen = new byte[BranchCoverage.MAP_SIZE];
  private int edges;

  /**
   * Adds the run's edges; returns the new ones, each as {@code id << 8 | the new bucket bits} (what
   * a corpus entry keeps, so that a resumed campaign knows them without running anything again).
   */
  public int[] add(RunEdges run) {
    IntArrayList fresh = new IntArrayList();
    int[] ids = run.ids();
    byte[] buckets = run.buckets();
    for (int i = 0; i < ids.length; i++) {
      int bits = mark(ids[i], buckets[i]);
      if (bits != 0) {
        fresh.add(ids[i] << 8 | bits);
      }
    }
    return fresh.toIntArray();
  }

  /** Marks edges an earlier session reached ({@code id << 8 | bucket bits} each) as reached. */
  public void restore(int[] reached) {
    for (int edge : reached) {
      mark((edge >>> 8) & (BranchCoverage.MAP_SIZE - 1), (byte) edge);
    }
  }

  /** Marks the buckets; returns the bits that were new. */
  private int mark(int id, byte buckets) {
    byte before = seen[id];
    byte after = (byte) (before | buckets);
    if (after == before) {
      return 0;
    }
    if (before == 0) {
      edges++;
    }
    seen[id] = after;
    return (after & ~before) & 0xFF;
  }

  /** Distinct edges reached so far. */
  public int edges() {
    return edges;
  }
}
