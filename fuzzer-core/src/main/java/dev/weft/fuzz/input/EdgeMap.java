package dev.weft.fuzz.input;

import dev.weft.runtime.input.BranchCoverage;
import dev.weft.runtime.input.RunEdges;

/**
 * Every branch edge and hit-count bucket a campaign's runs have reached, as AFL's "virgin" map: a
 * run is news for the input search when it reaches an edge no run reached, or an edge in a bucket
 * no run reached it in (a loop taken eight times where it had been taken once).
 */
public final class EdgeMap {
  private final byte[] seen = new byte[BranchCoverage.MAP_SIZE];
  private int edges;

  /** Adds the run's edges; returns how many (edge, bucket) pairs were new. */
  public int add(RunEdges run) {
    int fresh = 0;
    int[] ids = run.ids();
    byte[] buckets = run.buckets();
    for (int i = 0; i < ids.length; i++) {
      int id = ids[i];
      byte before = seen[id];
      byte after = (byte) (before | buckets[i]);
      if (after != before) {
        if (before == 0) {
          edges++;
        }
        seen[id] = after;
        fresh++;
      }
    }
    return fresh;
  }

  /** Distinct edges reached so far. */
  public int edges() {
    return edges;
  }
}
