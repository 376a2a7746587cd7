package dev.weft.graph.interference;

import dev.weft.graph.InterleavingGraph;
import dev.weft.graph.mutation.ChainDag;
import dev.weft.graph.readsfrom.ReadsFrom;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The reads of one run and, for each, the writes of other threads it could see instead: the seed's
 * {@code rds} and {@code wrts} arrays, for every thread rather than one.
 *
 * <p>What counts as interference: a read is <b>local</b> when it sees its own thread's latest
 * write, the initial value, or a write <i>inherited</i> through the program's structure, one that
 * happens before the read by program order and thread start and join alone (the fields a parent set
 * before starting the thread, the results a thread reads after joining the writers). No schedule
 * can change that a write made before {@code start()} precedes the started thread, so it is no
 * interference; the seed's threads likewise start from initialised shared state. Every other write
 * a read sees is <b>non-local</b>: an interference. A read's candidates are therefore the writes to
 * its location by other threads that are concurrent with it, ordered neither way by the structure;
 * a read with none is no candidate.
 *
 * <p>A local read's source in a plan is one of the latest writes among those that precede it by
 * structure, its own thread's included, or the initial value when there is none ({@link
 * #localSources}).
 */
public final class InterferenceSpace {
  private final InterleavingGraph graph;
  private final ReadsFrom readsFrom;
  private final EventIdentities identities;
  private final ChainDag structure;
  private final int[] reads;
  private final int[][] writes;

  private InterferenceSpace(
      InterleavingGraph graph,
      ReadsFrom readsFrom,
      EventIdentities identities,
      ChainDag structure,
      int[] reads,
      int[][] writes) {
    this.graph = graph;
    this.readsFrom = readsFrom;
    this.identities = identities;
    this.structure = structure;
    this.reads = reads;
    this.writes = writes;
  }

  /** The space of a run whose graph covers it whole ({@code rf} of the same window). */
  public static InterferenceSpace of(InterleavingGraph g, ReadsFrom rf) {
    ChainDag structure = new ChainDag(g);
    IntArrayList reads = new IntArrayList();
    List<int[]> writes = new ArrayList<>();
    IntArrayList candidates = new IntArrayList();
    for (int r = 0; r < g.vertexCount(); r++) {
      if (!rf.isRead(r)) {
        continue;
      }
      int slot = rf.slot(r);
      candidates.clear();
      for (int i = 0; i < rf.writeCount(slot); i++) {
        int w = rf.write(slot, i);
        if (w != r
            && g.thread(w) != g.thread(r)
            && !structure.reaches(w, r)
            && !structure.reaches(r, w)) {
          candidates.add(w);
        }
      }
      if (!candidates.isEmpty()) {
        reads.add(r);
        writes.add(candidates.toIntArray());
      }
    }
    return new InterferenceSpace(
        g, rf, EventIdentities.of(g), structure, reads.toIntArray(), writes.toArray(int[][]::new));
  }

  /** How many reads can be made non-local. */
  public int readCount() {
    return reads.length;
  }

  /** The {@code i}-th candidate read (a vertex). */
  public int read(int i) {
    return reads[i];
  }

  /** The writes the {@code i}-th candidate read may see instead (vertices). */
  public int[] writes(int i) {
    return writes[i];
  }

  /**
   * The number of choices of exactly {@code k} non-local reads, each with its write: the k-th
   * elementary symmetric sum of the candidate counts, saturated at {@link Long#MAX_VALUE}.
   */
  public long choices(int k) {
    long[] e = new long[k + 1];
    e[0] = 1;
    for (int[] w : writes) {
      for (int j = Math.min(k, reads.length); j >= 1; j--) {
        e[j] = saturatedAdd(e[j], saturatedMultiply(e[j - 1], w.length));
      }
    }
    return e[k];
  }

  private static long saturatedAdd(long a, long b) {
    long s = a + b;
    return s < 0 ? Long.MAX_VALUE : s;
  }

  private static long saturatedMultiply(long a, long b) {
    if (a != 0 && b > Long.MAX_VALUE / a) {
      return Long.MAX_VALUE;
    }
    return a * b;
  }

  /**
   * The writes {@code r} may see and stay local, latest in the observed run first: of each thread,
   * its last write to the location that precedes {@code r} by program order, start and join, unless
   * another such write comes after it by the same; {@link ReadsFrom#INITIAL} alone when there is
   * none. Which of them the read sees is the schedule's business (two joined writers race), so a
   * plan may pick any.
   */
  public int[] localSources(int r) {
    int slot = readsFrom.slot(r);
    int[] lastOfThread = new int[graph.threadCount()];
    Arrays.fill(lastOfThread, -1);
    for (int i = 0; i < readsFrom.writeCount(slot); i++) {
      int w = readsFrom.write(slot, i);
      if (w >= r) {
        break;
      }
      if (graph.thread(w) == graph.thread(r) || structure.reaches(w, r)) {
        lastOfThread[graph.thread(w)] = w;
      }
    }
    IntArrayList latest = new IntArrayList();
    for (int w : lastOfThread) {
      boolean overwritten = false;
      for (int other : lastOfThread) {
        overwritten |= w >= 0 && other >= 0 && other != w && structure.reaches(w, other);
      }
      if (w >= 0 && !overwritten) {
        latest.add(w);
      }
    }
    if (latest.isEmpty()) {
      return new int[] {ReadsFrom.INITIAL};
    }
    int[] sources = latest.toIntArray();
    Arrays.sort(sources);
    for (int i = 0, j = sources.length - 1; i < j; i++, j--) {
      int swap = sources[i];
      sources[i] = sources[j];
      sources[j] = swap;
    }
    return sources;
  }

  /**
   * Whether {@code r} observing {@code source} (a vertex or {@link ReadsFrom#INITIAL}) is local.
   */
  public boolean isLocal(int r, int source) {
    return source < 0 || graph.thread(source) == graph.thread(r) || structure.reaches(source, r);
  }

  public InterleavingGraph graph() {
    return graph;
  }

  public ReadsFrom readsFrom() {
    return readsFrom;
  }

  public EventIdentities identities() {
    return identities;
  }
}
