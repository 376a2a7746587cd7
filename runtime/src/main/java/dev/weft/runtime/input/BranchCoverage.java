package dev.weft.runtime.input;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongLinkedOpenHashSet;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The branch edges one run of target code took, as AFL counts them: every conditional jump and
 * switch of an instrumented class is a site, each way out of it an edge, and the edge's id (site
 * and way, hashed into a map of {@value #MAP_SIZE} counters) is counted per run; the counts are
 * read in AFL's hit-count buckets ({@link RunEdges}). It is how the input search tells that an
 * input reached code no input reached before, which is what makes inputs that pass a check kept and
 * mutated further. The operands of integer comparisons are kept too (a few hundred distinct pairs
 * per run): an input mutation that writes the value a comparison wanted is how three nested {@code
 * if (b == 'x')} are passed in tens of executions rather than millions.
 *
 * <p>One run at a time records (runs are serialised), into the map {@link #begin} installs; code
 * that runs outside a run records nothing. The map is cleared through the list of counters it
 * touched, so a run costs what it took, not the map's size.
 */
public final class BranchCoverage {
  public static final int MAP_SIZE = 1 << 16;
  private static final int MASK = MAP_SIZE - 1;

  /** Distinct comparison operand pairs kept per run, at most. */
  static final int MAX_COMPARISONS = 256;

  private static volatile BranchCoverage current;

  /** A lookup switch's keys, parsed once from the constant the rewriting passes. */
  private static final Map<String, int[]> SWITCH_KEYS = new ConcurrentHashMap<>();

  private final int[] hits = new int[MAP_SIZE];
  private final IntArrayList touched = new IntArrayList();
  private final LongLinkedOpenHashSet comparisons = new LongLinkedOpenHashSet();

  /** Starts recording a run into this map, cleared. */
  public void begin() {
    for (int i = 0, n = touched.size(); i < n; i++) {
      hits[touched.getInt(i)] = 0;
    }
    touched.clear();
    comparisons.clear();
    current = this;
  }

  /** Stops recording; the map keeps the run's edges until the next {@link #begin}. */
  public void end() {
    if (current == this) {
      current = null;
    }
  }

  /** The edges of the last run, bucketed, and the comparisons it made. */
  public RunEdges edges() {
    int[] ids = touched.toIntArray();
    java.util.Arrays.sort(ids);
    byte[] buckets = new byte[ids.length];
    for (int i = 0; i < ids.length; i++) {
      buckets[i] = RunEdges.bucket(hits[ids[i]]);
    }
    long[] compared = comparisons.toLongArray();
    return new RunEdges(ids, buckets, compared);
  }

  private void hit(int id) {
    int before = hits[id];
    if (before == 0) {
      touched.add(id);
    }
    if (before != Integer.MAX_VALUE) {
      hits[id] = before + 1;
    }
  }

  private void compared(int a, int b) {
    if (a != b && comparisons.size() < MAX_COMPARISONS) {
      comparisons.add(((long) a << 32) | (b & 0xFFFFFFFFL));
    }
  }

  /** The edge id of leaving {@code site} by {@code way} (0 and 1 for a jump, 2+ for cases). */
  static int edge(int site, int way) {
    int h = site * 0x9E3779B1 + way * 0x85EBCA6B;
    h ^= h >>> 15;
    h *= 0x2C1B3C6D;
    h ^= h >>> 12;
    return h & MASK;
  }

  /** A jump on one int ({@code IFEQ} ... {@code IFLE}) at {@code site}. */
  public static void unary(int value, int opcode, int site) {
    BranchCoverage c = current;
    if (c != null) {
      c.hit(edge(site, Jumps.unaryTaken(opcode, value) ? 1 : 0));
    }
  }

  /** A jump comparing two ints ({@code IF_ICMPxx}) at {@code site}; the operands are kept. */
  public static void binary(int a, int b, int opcode, int site) {
    BranchCoverage c = current;
    if (c != null) {
      c.hit(edge(site, Jumps.binaryTaken(opcode, a, b) ? 1 : 0));
      c.compared(a, b);
    }
  }

  /** A jump comparing two references, or one with null, at {@code site}. */
  public static void references(boolean taken, int site) {
    BranchCoverage c = current;
    if (c != null) {
      c.hit(edge(site, taken ? 1 : 0));
    }
  }

  /**
   * A table switch over {@code [min, max]} at {@code site}: each case an edge, default one more.
   */
  public static void table(int value, int min, int max, int site) {
    BranchCoverage c = current;
    if (c != null) {
      c.hit(edge(site, value < min || value > max ? 2 : 3 + (value - min)));
    }
  }

  /** A lookup switch at {@code site} with these keys (sorted, comma-separated). */
  public static void lookup(int value, String keys, int site) {
    BranchCoverage c = current;
    if (c != null) {
      int[] sorted = SWITCH_KEYS.computeIfAbsent(keys, BranchCoverage::parseKeys);
      int index = java.util.Arrays.binarySearch(sorted, value);
      c.hit(edge(site, index < 0 ? 2 : 3 + index));
      if (index < 0 && sorted.length > 0) {
        c.compared(value, sorted[0]);
      }
    }
  }

  private static int[] parseKeys(String keys) {
    if (keys.isEmpty()) {
      return new int[0];
    }
    String[] parts = keys.split(",");
    int[] out = new int[parts.length];
    for (int i = 0; i < parts.length; i++) {
      out[i] = Integer.parseInt(parts[i]);
    }
    return out;
  }
}
