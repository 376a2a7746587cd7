package dev.weft.graph;

import dev.weft.trace.EventKind;
import dev.weft.trace.Trace;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntToLongFunction;

/**
 * Builds the {@link InterleavingGraph} of a trace, or of a window of it, in two linear passes over
 * the events (one forward for edges from the latest preceding conflicting event of each of the
 * {@link #NEAREST_THREADS} other threads that touched the location last, one backward for edges to
 * the earliest following one of each of the next ones) plus a pass for the critical sections. A
 * window's graph numbers its vertices from the window's first event and knows the events before it
 * as an {@link ObservedPrefix}; conflicts and causal edges with events outside the window are left
 * out (the prefix runs first anyway, and what follows the window is not planned).
 */
public final class GraphBuilder {
  /**
   * How many other threads' accesses to a location an access is joined to, each way: the nearest
   * ones in the run's order. Programs with up to this many threads besides the accessing one get
   * every conflict with every thread's nearest access.
   */
  public static final int NEAREST_THREADS = 8;

  private GraphBuilder() {}

  /**
   * @param threadNames stable thread names by run-local thread index
   * @param siteKeys maps the trace's site ids to stable site keys
   */
  public static InterleavingGraph build(
      Trace trace, List<String> threadNames, IntToLongFunction siteKeys) {
    return build(trace, threadNames, siteKeys, TraceWindow.whole(trace.size()));
  }

  /** The graph of the events of {@code window} only. */
  public static InterleavingGraph build(
      Trace trace, List<String> threadNames, IntToLongFunction siteKeys, TraceWindow window) {
    requireWithin(trace, window);
    return build(
        trace, threadNames, siteKeys, window, AccessSlots.of(trace, window.from(), window.size()));
  }

  /**
   * As {@link #build(Trace, List, IntToLongFunction, TraceWindow)}, with the window's locations
   * numbered already ({@link AccessSlots#of}; the reads-from analysis of the same window needs them
   * too).
   */
  public static InterleavingGraph build(
      Trace trace,
      List<String> threadNames,
      IntToLongFunction siteKeys,
      TraceWindow window,
      AccessSlots access) {
    requireWithin(trace, window);
    int from = window.from();
    int n = window.size();
    int threads = 0;
    for (int v = 0; v < window.to(); v++) {
      threads = Math.max(threads, trace.thread(v) + 1);
    }
    if (threadNames.size() < threads) {
      throw new IllegalArgumentException(
          "trace has " + threads + " threads but only " + threadNames.size() + " names");
    }
    ObservedPrefix prefix = ObservedPrefix.of(trace, from, threads);
    int[] thread = new int[n];
    int[] indexInThread = new int[n];
    long[] siteKey = new long[n];
    byte[] kind = new byte[n];
    boolean[] writes = new boolean[n];
    int[] perThread = new int[threads];
    for (int v = 0; v < n; v++) {
      int t = trace.thread(from + v);
      thread[v] = t;
      indexInThread[v] = trace.indexInThread(from + v) - prefix.count(t);
      siteKey[v] = siteKeys.applyAsLong(trace.site(from + v));
      EventKind k = trace.kind(from + v);
      kind[v] = (byte) k.ordinal();
      writes[v] = k.writes();
      perThread[t]++;
    }
    int[][] eventsOfThread = new int[threads][];
    for (int t = 0; t < threads; t++) {
      eventsOfThread[t] = new int[perThread[t]];
    }
    Arrays.fill(perThread, 0);
    for (int v = 0; v < n; v++) {
      eventsOfThread[thread[v]][perThread[thread[v]]++] = v;
    }
    ConflictEdges edges = conflictEdges(thread, writes, threads, access);
    IntArrayList causal = new IntArrayList();
    for (int e = 0; e < trace.causalEdgeCount(); e++) {
      int before = trace.causalEdgeSource(e);
      int after = trace.causalEdgeTarget(e);
      if (before >= from && after < window.to()) {
        causal.add(before - from);
        causal.add(after - from);
      }
    }
    int fixed = causal.size() / 2;
    int[] fixedSource = new int[fixed];
    int[] fixedTarget = new int[fixed];
    for (int e = 0; e < fixed; e++) {
      fixedSource[e] = causal.getInt(2 * e);
      fixedTarget[e] = causal.getInt(2 * e + 1);
    }
    return new InterleavingGraph(
        thread,
        indexInThread,
        siteKey,
        kind,
        threadNames.subList(0, threads),
        eventsOfThread,
        edges.source(),
        edges.target(),
        fixedSource,
        fixedTarget,
        sections(trace, window, threads),
        from,
        prefix);
  }

  private static void requireWithin(Trace trace, TraceWindow window) {
    if (window.to() > trace.size()) {
      throw new IllegalArgumentException(
          "window " + window + " is past the trace's " + trace.size() + " events");
    }
  }

  /** The mutable edges, sorted by source, then target: their ends, by edge. */
  private record ConflictEdges(int[] source, int[] target) {}

  /**
   * Mutable edges, sorted and distinct: for each access, from the latest preceding conflicting
   * access of each of the {@link #NEAREST_THREADS} other threads that accessed its location most
   * recently, and to the earliest following one of each of the {@code NEAREST_THREADS} that access
   * it next.
   *
   * @param thread each event's thread (the window's events, numbered from its first)
   * @param writes whether each event writes its location
   */
  private static ConflictEdges conflictEdges(
      int[] thread, boolean[] writes, int threads, AccessSlots access) {
    int[] slot = access.slot();
    int slots = access.count();
    int remembered = Math.min(threads, NEAREST_THREADS + 1);
    RecentThreads recentWrites = new RecentThreads(slots, remembered);
    RecentThreads recentAccesses = new RecentThreads(slots, remembered);
    // each access has at most one edge per nearby thread and direction; start big enough for a
    // fair share of that (growing a list of a million edges copies it several times)
    int capacity =
        (int)
            Math.min(
                1 << 21, (long) slot.length * Math.max(1, Math.min(threads - 1, NEAREST_THREADS)));
    LongArrayList forward = new LongArrayList(capacity);
    IntArrayList backward = new IntArrayList(capacity);
    int[] backwardStart = new int[slot.length];
    scan(thread, writes, slot, recentWrites, recentAccesses, forward, null, null);
    scan(thread, writes, slot, recentWrites, recentAccesses, null, backward, backwardStart);
    return sortedDistinct(forward, backward, backwardStart, slot.length);
  }

  /**
   * The edges of both passes, sorted and without repeats, by source. The forward pass's are
   * bucketed by source (a counting sort over the window's events), and each source gets its targets
   * in ascending order (events are visited in order). The backward pass gives each source its
   * targets all at once, and in ascending order too: they are the latest touches of threads ranked
   * by how recently they touched the location, which in a backward pass is by index. So the two
   * runs of each source are only merged.
   *
   * @param backward the backward pass's targets, source by source from the last
   * @param backwardStart where each source's targets begin in {@code backward}; they end where the
   *     previous source's begin (the last of all, source 0's, at the end)
   */
  private static ConflictEdges sortedDistinct(
      LongArrayList forward, IntArrayList backward, int[] backwardStart, int events) {
    int[] forwardStart = bucketStarts(forward, events);
    int[] forwardTargets = bucketTargets(forward, forwardStart, events);
    int[] backwardTargets = backward.elements();
    int[] source = new int[forward.size() + backward.size()];
    int[] target = new int[source.length];
    int distinct = 0;
    for (int v = 0; v < events; v++) {
      int i = forwardStart[v];
      int iEnd = forwardStart[v + 1];
      int j = backwardStart[v];
      int jEnd = v == 0 ? backward.size() : backwardStart[v - 1];
      int last = -1;
      while (i < iEnd || j < jEnd) {
        int next =
            j >= jEnd || (i < iEnd && forwardTargets[i] <= backwardTargets[j])
                ? forwardTargets[i++]
                : backwardTargets[j++];
        if (next != last) {
          source[distinct] = v;
          target[distinct++] = next;
          last = next;
        }
      }
    }
    return new ConflictEdges(Arrays.copyOf(source, distinct), Arrays.copyOf(target, distinct));
  }

  /** Where each source's bucket starts, for edges {@code source << 32 | target}. */
  private static int[] bucketStarts(LongArrayList edges, int events) {
    int[] start = new int[events + 1];
    for (int i = 0; i < edges.size(); i++) {
      start[(int) (edges.getLong(i) >>> 32) + 1]++;
    }
    for (int v = 0; v < events; v++) {
      start[v + 1] += start[v];
    }
    return start;
  }

  /** The edges' targets, by source bucket, each bucket in the order the edges came. */
  private static int[] bucketTargets(LongArrayList edges, int[] start, int events) {
    int[] targets = new int[edges.size()];
    int[] fill = new int[events];
    for (int i = 0; i < edges.size(); i++) {
      long e = edges.getLong(i);
      int source = (int) (e >>> 32);
      targets[start[source] + fill[source]++] = (int) e;
    }
    return targets;
  }

  /**
   * One pass over the accesses. Forward (into {@code edges}), each event gets an edge from the
   * latest preceding conflicting event of each of the nearest other threads; backward (into {@code
   * targets}, each event's at {@code targetStart}), an edge to the earliest following one. The
   * scratch state holds, per location, the latest write and access of the threads seen there most
   * recently.
   *
   * @param edges the forward pass's edges, or null for the backward pass
   */
  private static void scan(
      int[] thread,
      boolean[] writes,
      int[] slot,
      RecentThreads recentWrites,
      RecentThreads recentAccesses,
      LongArrayList edges,
      IntArrayList targets,
      int[] targetStart) {
    recentWrites.clear();
    recentAccesses.clear();
    boolean forward = edges != null;
    int n = slot.length;
    for (int k = 0; k < n; k++) {
      int v = forward ? k : n - 1 - k;
      if (!forward) {
        targetStart[v] = targets.size();
      }
      int s = slot[v];
      if (s < 0) {
        continue;
      }
      int t = thread[v];
      boolean isWrite = writes[v];
      RecentThreads conflicting = isWrite ? recentAccesses : recentWrites;
      int found = 0;
      for (int rank = 0; rank < conflicting.size(s) && found < NEAREST_THREADS; rank++) {
        if (conflicting.thread(s, rank) != t) {
          int other = conflicting.latest(s, rank);
          if (forward) {
            edges.add(((long) other << 32) | v);
          } else {
            targets.add(other);
          }
          found++;
        }
      }
      recentAccesses.touch(s, t, v);
      if (isWrite) {
        recentWrites.touch(s, t, v);
      }
    }
  }

  /**
   * Sections within the window: an exit whose enter came before the window closes nothing, and a
   * section still open at the window's end has no last event.
   */
  private static CriticalSections sections(Trace trace, TraceWindow window, int threads) {
    int from = window.from();
    int n = window.size();
    int[] sectionOf = new int[n];
    LongArrayList lock = new LongArrayList();
    IntArrayList first = new IntArrayList();
    IntArrayList last = new IntArrayList();
    IntArrayList enclosing = new IntArrayList();
    IntArrayList depth = new IntArrayList();
    IntArrayList[] open = new IntArrayList[threads];
    Long2IntOpenHashMap[] savedDepth = new Long2IntOpenHashMap[threads];
    for (int t = 0; t < threads; t++) {
      open[t] = new IntArrayList();
      savedDepth[t] = new Long2IntOpenHashMap();
    }
    for (int v = 0; v < n; v++) {
      int t = trace.thread(from + v);
      IntArrayList stack = open[t];
      EventKind k = trace.kind(from + v);
      long location = trace.location(from + v);
      if (k == EventKind.MONITOR_ENTER || k == EventKind.WAKE) {
        int held = find(stack, lock, location);
        if (held >= 0 && k == EventKind.MONITOR_ENTER) {
          depth.set(held, depth.getInt(held) + 1);
        } else {
          int section = lock.size();
          lock.add(location);
          first.add(v);
          last.add(CriticalSections.NONE);
          enclosing.add(stack.isEmpty() ? CriticalSections.NONE : stack.getInt(stack.size() - 1));
          depth.add(k == EventKind.WAKE ? savedDepth[t].getOrDefault(location, 1) : 1);
          stack.add(section);
        }
        sectionOf[v] = stack.getInt(stack.size() - 1);
      } else if (k == EventKind.MONITOR_EXIT || k == EventKind.WAIT) {
        sectionOf[v] = stack.isEmpty() ? CriticalSections.NONE : stack.getInt(stack.size() - 1);
        int held = find(stack, lock, location);
        if (held >= 0) {
          int remaining = k == EventKind.WAIT ? 0 : depth.getInt(held) - 1;
          if (k == EventKind.WAIT) {
            savedDepth[t].put(location, depth.getInt(held));
          }
          depth.set(held, remaining);
          if (remaining == 0) {
            last.set(held, v);
            stack.rem(held);
          }
        }
      } else {
        sectionOf[v] = stack.isEmpty() ? CriticalSections.NONE : stack.getInt(stack.size() - 1);
      }
    }
    return new CriticalSections(
        sectionOf,
        lock.toLongArray(),
        first.toIntArray(),
        last.toIntArray(),
        enclosing.toIntArray());
  }

  /** The open section of {@code stack} that holds {@code location}, or -1. */
  private static int find(IntArrayList stack, LongArrayList lock, long location) {
    for (int i = stack.size() - 1; i >= 0; i--) {
      int section = stack.getInt(i);
      if (lock.getLong(section) == location) {
        return section;
      }
    }
    return -1;
  }
}
