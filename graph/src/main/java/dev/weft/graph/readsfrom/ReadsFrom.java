package dev.weft.graph.readsfrom;

import dev.weft.graph.AccessSlots;
import dev.weft.graph.TraceWindow;
import dev.weft.trace.EventKind;
import dev.weft.trace.Locations;
import dev.weft.trace.Trace;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;

/**
 * Which write each read of a run observed. Weft serializes every run, so the value a read returns
 * is the one written by the latest write to its location before it in the trace, or the initial
 * value when there is none: reads-from needs no value tracking, only the trace.
 *
 * <p>Data accesses only: field, static and array reads and writes, and updates (atomics, CAS,
 * counters), which both read and write. Lock operations write their lock too, but what a lock
 * "read" is already the conflict edges' business. For a window of a long run, a read whose source
 * lies before the window is marked {@link #BEFORE_WINDOW}: the window's graph cannot name it, and
 * planning cannot move it.
 *
 * <p>Also kept for planning: each location's writes within the window in run order, and whether it
 * was written before the window.
 */
public final class ReadsFrom {
  /** The read observed the location's initial value: no write to it came before. */
  public static final int INITIAL = -1;

  /** The read observed a write made before the window. */
  public static final int BEFORE_WINDOW = -2;

  /** The vertex is no data read. */
  public static final int NOT_A_READ = -3;

  private final int[] source;
  private final int[] slot;
  private final int[] writeStart;
  private final int[] writes;
  private final boolean[] writtenBefore;

  private ReadsFrom(
      int[] source, int[] slot, int[] writeStart, int[] writes, boolean[] writtenBefore) {
    this.source = source;
    this.slot = slot;
    this.writeStart = writeStart;
    this.writes = writes;
    this.writtenBefore = writtenBefore;
  }

  /** Reads-from of the events of {@code window}, numbered from its first event. */
  public static ReadsFrom of(Trace trace, TraceWindow window) {
    return of(trace, window, AccessSlots.of(trace, window.from(), window.size()));
  }

  /** As {@link #of(Trace, TraceWindow)}, with the window's locations numbered already. */
  public static ReadsFrom of(Trace trace, TraceWindow window, AccessSlots access) {
    int from = window.from();
    int n = window.size();
    Long2IntOpenHashMap prefixWrite = new Long2IntOpenHashMap();
    prefixWrite.defaultReturnValue(-1);
    for (int v = 0; v < from; v++) {
      EventKind k = trace.kind(v);
      if (k.writes() && k.isData() && trace.location(v) != Locations.NONE) {
        prefixWrite.put(trace.location(v), v);
      }
    }
    int slots = access.count();
    int[] lastWrite = new int[slots];
    boolean[] seen = new boolean[slots];
    boolean[] writtenBefore = new boolean[slots];
    int[] source = new int[n];
    int[] slot = new int[n];
    IntArrayList writeVertices = new IntArrayList();
    int[] writeStart = new int[slots + 1];
    for (int v = 0; v < n; v++) {
      EventKind k = trace.kind(from + v);
      int s = access.slot()[v];
      source[v] = NOT_A_READ;
      slot[v] = -1;
      if (s < 0 || !k.isData()) {
        continue;
      }
      if (!seen[s]) {
        seen[s] = true;
        lastWrite[s] = prefixWrite.get(trace.location(from + v));
        writtenBefore[s] = lastWrite[s] >= 0;
      }
      slot[v] = s;
      if (k.reads()) {
        int w = lastWrite[s];
        source[v] = w < 0 ? INITIAL : w < from ? BEFORE_WINDOW : w - from;
      }
      if (k.writes()) {
        lastWrite[s] = from + v;
        writeVertices.add(v);
        writeStart[s + 1]++;
      }
    }
    for (int s = 0; s < slots; s++) {
      writeStart[s + 1] += writeStart[s];
    }
    int[] writes = new int[writeVertices.size()];
    int[] fill = new int[slots];
    for (int i = 0; i < writeVertices.size(); i++) {
      int v = writeVertices.getInt(i);
      int s = slot[v];
      writes[writeStart[s] + fill[s]++] = v;
    }
    return new ReadsFrom(source, slot, writeStart, writes, writtenBefore);
  }

  /** Whether {@code v} is a data read (an update counts). */
  public boolean isRead(int v) {
    return source[v] != NOT_A_READ;
  }

  /**
   * The write {@code v} read from (a vertex), {@link #INITIAL}, {@link #BEFORE_WINDOW}, or {@link
   * #NOT_A_READ}.
   */
  public int source(int v) {
    return source[v];
  }

  /**
   * The number of {@code v}'s location among the window's ({@link AccessSlots}), or -1 if it is no
   * data access.
   */
  public int slot(int v) {
    return slot[v];
  }

  /** How many writes to location {@code slot} the window holds. */
  public int writeCount(int slot) {
    return writeStart[slot + 1] - writeStart[slot];
  }

  /** The {@code i}-th write to location {@code slot} in run order. */
  public int write(int slot, int i) {
    return writes[writeStart[slot] + i];
  }

  /** Whether location {@code slot} was written before the window began. */
  public boolean writtenBefore(int slot) {
    return writtenBefore[slot];
  }

  public int vertexCount() {
    return source.length;
  }
}
