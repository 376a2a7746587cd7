package dev.weft.graph.segment;

import dev.weft.graph.InterleavingGraph;

/**
 * For every vertex, the first and last event of its thread within the window around it, counted in
 * data accesses ({@link InterleavingGraph#accessIndex}): a vertex ends many edges, and the
 * enumeration asked for its window once per edge, walking the thread event by event each time. A
 * thread's access indices never decrease, so both ends move forward with the vertex and one pass
 * per thread finds them all.
 */
final class AccessWindows {
  private final int[] start;
  private final int[] end;

  AccessWindows(InterleavingGraph g, int window) {
    int n = g.vertexCount();
    start = new int[n];
    end = new int[n];
    for (int t = 0; t < g.threadCount(); t++) {
      int events = g.eventsInThread(t);
      int first = 0;
      int last = 0;
      for (int i = 0; i < events; i++) {
        int v = g.event(t, i);
        int access = g.accessIndex(v);
        while (g.accessIndex(g.event(t, first)) < access - window) {
          first++;
        }
        if (last < i) {
          last = i;
        }
        while (last + 1 < events && g.accessIndex(g.event(t, last + 1)) <= access + window) {
          last++;
        }
        start[v] = first;
        end[v] = last;
      }
    }
  }

  /** Index in thread of the first event of v's thread within the window before v. */
  int start(int v) {
    return start[v];
  }

  /** Index in thread of the last event of v's thread within the window after v. */
  int end(int v) {
    return end[v];
  }
}
