package dev.weft.graph.segment;

import dev.weft.graph.ChunkRunner;
import dev.weft.graph.InterleavingGraph;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Enumerates the segments of an interleaving graph: pairs of mutable edges that are close.
 *
 * <p>Windows count data accesses only ({@link InterleavingGraph#accessIndex}): lock operations
 * between two accesses do not make them further apart. For an edge {@code a -> b} between threads T
 * and U, the close edges are
 *
 * <ul>
 *   <li>the edges between T and U whose T end lies within the window around {@code a} and whose U
 *       end lies within the window around {@code b} (this includes edges sharing {@code a} or
 *       {@code b});
 *   <li>for a shared endpoint and each third thread V, the edge from that endpoint to V whose V end
 *       is nearest in the run before, and nearest after, the first edge's other endpoint.
 * </ul>
 *
 * Candidates are found by binary search in each vertex's edges (ordered by the other endpoint's
 * thread and position), so an event that conflicts with thousands of others (a hot field written
 * once and read everywhere) costs a logarithm rather than a quadratic number of pairs. The work is
 * at most the number of edges times {@code (2 * window + 1)^2} plus the third-thread pairs.
 *
 * <p>Three bounds keep long traces affordable: only the first {@code instancesPerEdgeShape} edges
 * with the same pair of sites start pairs (SegFuzz keeps only the first dynamic instance of each
 * instruction: later iterations of a loop rarely add a shape); above {@code maxInstances} the
 * window is tightened by one and the pass redone; with window 0 the pass keeps the first instances
 * up to the cap and the result says it was truncated.
 *
 * <p>The edges that start pairs are cut into chunks that a {@link ChunkRunner} may hand to several
 * threads; each chunk lists its keys at their first instance in it, and the merge, taking the
 * chunks in order, keeps each key's first of all, so the result is the same whichever thread ran
 * which chunk, and the same as one pass in edge order.
 */
public final class SegmentEnumerator {
  /**
   * Edges that start pairs per chunk, at least: a chunk costs a hand-over and its instances a
   * second look in the merge, so chunks of a few edges would share less than they cost.
   */
  private static final int EDGES_PER_CHUNK = 32;

  private static final int MAX_CHUNKS = 16;

  /**
   * Instances a chunk finds before it adds them to the count all chunks share (and looks whether
   * they passed the cap), and at its end: the count decides only whether the window is tightened,
   * so how often it is told changes nothing but how soon a chunk stops past the cap.
   */
  private static final int PUBLISH_INSTANCES = 256;

  /**
   * Shapes of second edges a third-thread loop remembers (and compares each later one with): a
   * dozen threads running the same code make two or three.
   */
  private static final int MAX_SHAPES = 8;

  /**
   * Marks, in a remembered shape, a second edge that leaves the shared vertex (above the kinds).
   */
  private static final long FROM_SHARED = 1L << 32;

  private final SegmentOptions options;

  /**
   * Keys the last enumeration found: the next one's tables start that big (runs of one program find
   * about as many, often several per edge, and growing the tables from the edge count took a fifth
   * of a small program's enumeration).
   */
  private int lastKeys;

  public SegmentEnumerator(SegmentOptions options) {
    this.options = options;
  }

  public Segments enumerate(InterleavingGraph g) {
    return enumerate(g, ChunkRunner.CALLER);
  }

  /** The segments of {@code g}, with the chunks of the enumeration run by {@code runner}. */
  public Segments enumerate(InterleavingGraph g, ChunkRunner runner) {
    int[] starts = startingEdges(g);
    boolean everyEdge = starts.length == g.mutableEdgeCount();
    int window = options.window();
    EdgeKeyParts parts = new EdgeKeyParts(g);
    while (true) {
      Segments result =
          window == 0
              ? truncating(g, parts, starts, everyEdge)
              : chunked(g, parts, starts, everyEdge, window, runner);
      if (result != null) {
        lastKeys = result.size();
        return result;
      }
      window--;
    }
  }

  /**
   * The edges that start pairs, in order: the first {@code instancesPerEdgeShape} of each pair of
   * sites.
   */
  private int[] startingEdges(InterleavingGraph g) {
    int edges = g.mutableEdgeCount();
    Long2IntOpenHashMap shapes =
        new Long2IntOpenHashMap(Math.max(16, Math.min(edges, 1 << 14) / 4));
    int perShape = options.instancesPerEdgeShape();
    int[] starts = new int[edges];
    int n = 0;
    for (int e = 0; e < edges; e++) {
      long shape = g.siteKey(g.edgeSource(e)) * 0x9E3779B97F4A7C15L + g.siteKey(g.edgeTarget(e));
      if (shapes.addTo(shape, 1) < perShape) {
        starts[n++] = e;
      }
    }
    return Arrays.copyOf(starts, n);
  }

  /**
   * Every instance of the window, from chunks of the starting edges; null when there are more than
   * the cap, so that the window is tightened.
   */
  private Segments chunked(
      InterleavingGraph g,
      EdgeKeyParts parts,
      int[] starts,
      boolean everyEdge,
      int window,
      ChunkRunner runner) {
    AccessWindows windows = new AccessWindows(g, window);
    int chunks =
        runner.shared() ? Math.max(1, Math.min(MAX_CHUNKS, starts.length / EDGES_PER_CHUNK)) : 1;
    Found[] found = new Found[chunks];
    long cap = options.maxInstances();
    AtomicLong total = new AtomicLong();
    // a chunk's keys are about its share of the run's, more where they cluster; its table grows if
    // need be (tables as big as the run's in every chunk would zero megabytes on large runs)
    int keysPerChunk = Math.min(keysAhead(), Math.max(64, 2 * keysAhead() / chunks));
    runner.run(
        chunks,
        i -> {
          found[i] =
              new Found(g, parts, windows, keysPerChunk, cap, total)
                  .search(starts, bound(starts, chunks, i), bound(starts, chunks, i + 1));
        });
    if (total.get() > cap) {
      return null;
    }
    return merge(found, window, total.get(), false, everyEdge, runner);
  }

  private static int bound(int[] starts, int chunks, int i) {
    return (int) ((long) starts.length * i / chunks);
  }

  /** Window 0: the first instances up to the cap, in edge order, and whether there were more. */
  private Segments truncating(
      InterleavingGraph g, EdgeKeyParts parts, int[] starts, boolean everyEdge) {
    long cap = options.maxInstances();
    Found f =
        new Found(g, parts, new AccessWindows(g, 0), keysAhead(), cap, null)
            .search(starts, 0, starts.length);
    return merge(new Found[] {f}, 0, f.count, f.truncated, everyEdge, ChunkRunner.CALLER);
  }

  /**
   * How many keys a table should have room for: a quarter more than the last run found (sizing the
   * tables from the edges zeroed a megabyte and a half per run on a 50-thread program whose runs
   * find fewer than 200 keys), or 1,024 on the first.
   */
  private int keysAhead() {
    return Math.min(lastKeys > 0 ? lastKeys + lastKeys / 4 : 1024, 1 << 16);
  }

  /**
   * Each key's first instance, chunk by chunk in order: a later chunk's key is a first when no
   * earlier chunk listed it. Each chunk looks its keys up in the earlier chunks' tables, which are
   * complete by then and only read, so {@code runner} shares those lookups too; adding the later
   * chunks' keys to the first chunk's table instead grew it while one thread waited (a quarter of a
   * small program's enumeration).
   */
  private static Segments merge(
      Found[] found,
      int window,
      long instances,
      boolean truncated,
      boolean everyEdge,
      ChunkRunner runner) {
    boolean[][] repeated = new boolean[found.length][];
    if (found.length > 1) {
      runner.run(found.length - 1, c -> repeated[c + 1] = found[c + 1].listedBefore(found, c + 1));
    }
    int firsts = found[0].keys.size();
    for (int c = 1; c < found.length; c++) {
      for (boolean r : repeated[c]) {
        firsts += r ? 0 : 1;
      }
    }
    long[] keys = new long[firsts];
    int[] first = new int[firsts];
    int[] second = new int[firsts];
    int n = 0;
    for (int c = 0; c < found.length; c++) {
      Found f = found[c];
      for (int i = 0; i < f.keys.size(); i++) {
        if (c == 0 || !repeated[c][i]) {
          keys[n] = f.keys.getLong(i);
          first[n] = f.first.getInt(i);
          second[n] = f.second.getInt(i);
          n++;
        }
      }
    }
    return new Segments(keys, first, second, window, instances, truncated, everyEdge);
  }

  /**
   * The keys of the instances that a run of starting edges begins, each with its first instance,
   * and how many instances there were.
   */
  private static final class Found {
    private final InterleavingGraph g;
    private final EdgeKeyParts parts;
    private final AccessWindows windows;
    private final long cap;

    /** Instances of every chunk so far (shared), or null to stop at the cap (window 0). */
    private final AtomicLong total;

    /** The keys listed: a chunk lists each key once, at its first instance. */
    private final LongOpenHashSet seen;

    private final LongArrayList keys;
    private final IntArrayList first;
    private final IntArrayList second;
    private long count;
    private boolean truncated;

    /**
     * The shapes of the second edges the third-thread loop under way listed: per shape, the edge's
     * key prefix, and its kinds with {@link #FROM_SHARED} when it leaves the shared vertex.
     */
    private final long[] shapes = new long[2 * MAX_SHAPES];

    Found(
        InterleavingGraph g,
        EdgeKeyParts parts,
        AccessWindows windows,
        int expected,
        long cap,
        AtomicLong total) {
      this.g = g;
      this.parts = parts;
      this.windows = windows;
      this.cap = cap;
      this.total = total;
      this.seen = new LongOpenHashSet(Math.max(16, expected));
      this.keys = new LongArrayList(expected);
      this.first = new IntArrayList(expected);
      this.second = new IntArrayList(expected);
    }

    /** Which of this chunk's keys {@code found[0..chunk)} listed too. */
    boolean[] listedBefore(Found[] found, int chunk) {
      boolean[] listed = new boolean[keys.size()];
      for (int i = 0; i < listed.length; i++) {
        long key = keys.getLong(i);
        for (int c = 0; c < chunk && !listed[i]; c++) {
          listed[i] = found[c].seen.contains(key);
        }
      }
      return listed;
    }

    /**
     * Lists the instances the edges {@code starts[from..to)} begin; stops once all chunks together
     * found more than the cap, or (window 0) at the cap.
     */
    Found search(int[] starts, int from, int to) {
      long published = 0;
      for (int s = from; s < to; s++) {
        int e1 = starts[s];
        if (!windowPairs(e1)
            || !thirdThreads(e1, g.edgeSource(e1), g.edgeTarget(e1))
            || !thirdThreads(e1, g.edgeTarget(e1), g.edgeSource(e1))) {
          return this;
        }
        // the shared count is told in batches: told once per edge, its cache line went back and
        // forth between two threads sharing a small program's enumeration (7% of it)
        if (total != null && (count - published >= PUBLISH_INSTANCES || s == to - 1)) {
          long unpublished = count - published;
          published = count;
          if (total.addAndGet(unpublished) > cap) {
            return this;
          }
        }
      }
      return this;
    }

    /**
     * Pairs with the edges between the same two threads whose ends lie within the windows around
     * {@code e1}'s ends (each such pair once: from its lower-numbered edge).
     */
    private boolean windowPairs(int e1) {
      int a = g.edgeSource(e1);
      int b = g.edgeTarget(e1);
      int t = g.thread(a);
      int u = g.thread(b);
      int from = windows.start(a);
      int to = windows.end(a);
      long otherFrom = g.positionKey(u, windows.start(b));
      long otherEnd = g.positionKey(u, windows.end(b) + 1);
      for (int i = from; i <= to; i++) {
        int x = g.event(t, i);
        long range = g.incidentRange(x, otherFrom, otherEnd);
        for (int j = (int) (range >>> 32); j < (int) range; j++) {
          int e2 = g.incidentEdge(x, j);
          if (e2 > e1 && !add(e1, e2)) {
            return false;
          }
        }
      }
      return true;
    }

    /**
     * Pairs sharing {@code shared} whose other ends are in threads other than {@code other}'s: per
     * such thread, its edges nearest before and after {@code other}. The edges at {@code shared}
     * are grouped by thread, so only the threads present are visited.
     *
     * <p>All these pairs have the same relations (the shared vertex in one slot, every other pair
     * of slots in different threads), so two of them have the same key when their second edges have
     * the same direction and {@link EdgeKeyParts} (the same site and kind at the third thread's
     * end): with a dozen threads running the same code, most are such repeats, which are counted
     * without computing their key again (a repeat is never a key's first instance: the pair it
     * repeats came before it).
     */
    private boolean thirdThreads(int e1, int shared, int other) {
      int skip = g.thread(other);
      int own = g.thread(shared);
      int edges = g.incidentCount(shared);
      int listed = 0;
      int start = 0;
      while (start < edges) {
        int v = g.incidentThread(shared, start);
        int end = g.incidentGroupEnd(shared, start);
        if (v != skip && v != own) {
          int split = g.incidentSplit(shared, start, end, other);
          if (split > start) {
            listed = addThird(e1, g.incidentEdge(shared, split - 1), shared, listed);
          }
          if (split < end && listed >= 0) {
            listed = addThird(e1, g.incidentEdge(shared, split), shared, listed);
          }
          if (listed < 0) {
            return false;
          }
        }
        start = end;
      }
      return true;
    }

    /**
     * Lists the pair of {@code e1} and {@code e2}, a third-thread pair at {@code shared}, unless an
     * earlier pair of the same loop had a second edge of the same shape; returns how many shapes
     * the loop has listed then, or -1 when the search must stop.
     */
    private int addThird(int e1, int e2, int shared, int listed) {
      long prefix = parts.prefix(e2);
      long kinds = parts.kinds(e2) | (g.edgeSource(e2) == shared ? FROM_SHARED : 0);
      for (int i = 0; i < 2 * listed; i += 2) {
        if (shapes[i] == prefix && shapes[i + 1] == kinds) {
          return addRepeat() ? listed : -1;
        }
      }
      if (!add(e1, e2)) {
        return -1;
      }
      if (listed == MAX_SHAPES) {
        return listed; // a loop of many distinct shapes: the later ones are not looked for
      }
      shapes[2 * listed] = prefix;
      shapes[2 * listed + 1] = kinds;
      return listed + 1;
    }

    /**
     * Counts an instance whose key is listed already; false when the search must stop: past the cap
     * with window 0.
     */
    private boolean addRepeat() {
      if (total == null && count == cap) {
        truncated = true;
        return false;
      }
      count++;
      return true;
    }

    /**
     * Lists the segment of two edges that the loops above found close: every pair they produce is
     * one by construction (both of one thread's ends within the window of each other, or a shared
     * endpoint with the other ends in two other threads), so it is not checked again. False when
     * the search must stop: past the cap with window 0.
     */
    private boolean add(int e1, int e2) {
      if (!addRepeat()) {
        return false;
      }
      long key = parts.key(e1, e2);
      if (seen.add(key)) {
        keys.add(key);
        first.add(e1);
        second.add(e2);
      }
      return true;
    }
  }
}
