package dev.weft.graph.mutation;

import dev.weft.graph.InterleavingGraph;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;

/**
 * The hypothetical interleaving graph that harmonious selection grows: program order of every
 * thread, the graph's causal edges, and the ordering constraints added so far. It answers "would
 * this edge close a cycle?" incrementally.
 *
 * <p>Program order makes every thread a chain, so a search need not visit events: it keeps, per
 * thread, the earliest position reached, and from a thread reached at position {@code p} follows
 * every cross-thread edge leaving at or after {@code p}. A check therefore costs time in the number
 * of cross-thread edges (the constraints added so far, usually hundreds) rather than in the number
 * of events (10^5 and more), which is what a general incremental cycle check such as JGraphT's
 * {@code DirectedAcyclicGraph} would pay for one vertex per event; {@code GraphBenchmark} compares
 * the two.
 */
public final class ChainDag {
  private final InterleavingGraph graph;
  private final IntArrayList[] outSource;
  private final IntArrayList[] outTarget;
  private final IntArrayList logSource = new IntArrayList();
  private final IntArrayList logTarget = new IntArrayList();
  private final int[] reached;
  private final int[] queue;
  private final boolean[] queued;

  public ChainDag(InterleavingGraph graph) {
    this.graph = graph;
    int threads = graph.threadCount();
    outSource = new IntArrayList[threads];
    outTarget = new IntArrayList[threads];
    for (int t = 0; t < threads; t++) {
      outSource[t] = new IntArrayList();
      outTarget[t] = new IntArrayList();
    }
    reached = new int[threads];
    queue = new int[threads];
    queued = new boolean[threads];
    for (int e = 0; e < graph.fixedEdgeCount(); e++) {
      int u = graph.fixedEdgeSource(e);
      int v = graph.fixedEdgeTarget(e);
      if (graph.thread(u) != graph.thread(v)) {
        add(u, v);
      }
    }
  }

  /** Whether adding {@code u -> v} would make the graph cyclic. */
  public boolean closesCycle(int u, int v) {
    if (graph.thread(u) == graph.thread(v)) {
      return graph.indexInThread(u) >= graph.indexInThread(v);
    }
    return reaches(v, u);
  }

  /**
   * Adds {@code u -> v} unless it closes a cycle; returns whether the graph now orders u before v.
   */
  public boolean tryAdd(int u, int v) {
    if (closesCycle(u, v)) {
      return false;
    }
    if (graph.thread(u) != graph.thread(v)) {
      add(u, v);
    }
    return true;
  }

  private void add(int u, int v) {
    int t = graph.thread(u);
    outSource[t].add(u);
    outTarget[t].add(v);
    logSource.add(u);
    logTarget.add(v);
  }

  /** A point to {@link #rollback} to. */
  public int mark() {
    return logSource.size();
  }

  /** Removes every edge added after {@code mark}. */
  public void rollback(int mark) {
    while (logSource.size() > mark) {
      int last = logSource.size() - 1;
      int t = graph.thread(logSource.getInt(last));
      outSource[t].removeInt(outSource[t].size() - 1);
      outTarget[t].removeInt(outTarget[t].size() - 1);
      logSource.removeInt(last);
      logTarget.removeInt(last);
    }
  }

  /** Whether a path leads from {@code from} to {@code to}. */
  public boolean reaches(int from, int to) {
    if (from == to) {
      return true;
    }
    Arrays.fill(reached, Integer.MAX_VALUE);
    Arrays.fill(queued, false);
    int targetThread = graph.thread(to);
    int targetIndex = graph.indexInThread(to);
    int capacity = queue.length;
    int head = 0;
    int size = 1;
    reached[graph.thread(from)] = graph.indexInThread(from);
    queue[0] = graph.thread(from);
    queued[queue[0]] = true;
    while (size > 0) {
      int t = queue[head];
      head = (head + 1) % capacity;
      size--;
      queued[t] = false;
      if (t == targetThread && reached[t] <= targetIndex) {
        return true;
      }
      int start = reached[t];
      IntArrayList sources = outSource[t];
      IntArrayList targets = outTarget[t];
      for (int k = 0; k < sources.size(); k++) {
        if (graph.indexInThread(sources.getInt(k)) < start) {
          continue;
        }
        int y = targets.getInt(k);
        int ty = graph.thread(y);
        int py = graph.indexInThread(y);
        if (py < reached[ty]) {
          reached[ty] = py;
          if (!queued[ty]) {
            queued[ty] = true;
            queue[(head + size) % capacity] = ty;
            size++;
          }
        }
      }
    }
    return reached[targetThread] <= targetIndex;
  }

  /**
   * A topological order of all events: at each step the thread whose next event is ready and
   * earliest in the observed run goes, so everything the constraints do not force stays as it was
   * observed.
   *
   * @throws IllegalStateException if the graph is cyclic (it cannot be, when built with tryAdd)
   */
  public int[] topologicalOrder() {
    int n = graph.vertexCount();
    int edges = logSource.size();
    int[] inStart = new int[n + 1];
    for (int e = 0; e < edges; e++) {
      inStart[logTarget.getInt(e) + 1]++;
    }
    for (int v = 0; v < n; v++) {
      inStart[v + 1] += inStart[v];
    }
    int[] inSource = new int[edges];
    int[] fill = new int[n];
    for (int e = 0; e < edges; e++) {
      int v = logTarget.getInt(e);
      inSource[inStart[v] + fill[v]++] = logSource.getInt(e);
    }
    int threads = graph.threadCount();
    int[] next = new int[threads];
    int[] order = new int[n];
    for (int k = 0; k < n; k++) {
      int best = -1;
      for (int t = 0; t < threads; t++) {
        if (next[t] >= graph.eventsInThread(t)) {
          continue;
        }
        int v = graph.event(t, next[t]);
        if ((best < 0 || v < best) && ready(v, inStart, inSource, next)) {
          best = v;
        }
      }
      if (best < 0) {
        throw new IllegalStateException("constraints are cyclic after " + k + " of " + n);
      }
      order[k] = best;
      next[graph.thread(best)]++;
    }
    return order;
  }

  private boolean ready(int v, int[] inStart, int[] inSource, int[] next) {
    for (int i = inStart[v]; i < inStart[v + 1]; i++) {
      int s = inSource[i];
      if (next[graph.thread(s)] <= graph.indexInThread(s)) {
        return false;
      }
    }
    return true;
  }
}
