package dev.weft.graph.interference;

import dev.weft.graph.InterleavingGraph;
import dev.weft.trace.StableHash;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;

/**
 * The identity of each event of a graph that another run of the same program can recognise: its
 * thread's stable name, the stable key of its code site, and how many events of that site the
 * thread had before it (the occurrence). Vertex numbers do not carry over from one run to the next;
 * this does, as long as a thread reaches a site the same number of times before the event. Choices
 * of interference are named by these identities, so that the same choice met in two runs (another
 * input, a resumed campaign) is explored once.
 */
public final class EventIdentities {
  private static final long SEED = 0x1DE17171E5L;

  private final long[] identity;

  private EventIdentities(long[] identity) {
    this.identity = identity;
  }

  public static EventIdentities of(InterleavingGraph g) {
    long[] identity = new long[g.vertexCount()];
    for (int t = 0; t < g.threadCount(); t++) {
      long thread = StableHash.mix(SEED, g.threadName(t));
      Long2IntOpenHashMap occurrences = new Long2IntOpenHashMap();
      for (int i = 0; i < g.eventsInThread(t); i++) {
        int v = g.event(t, i);
        long site = g.siteKey(v);
        int occurrence = occurrences.addTo(site, 1);
        identity[v] = StableHash.mixInt(StableHash.mixLong(thread, site), occurrence);
      }
    }
    return new EventIdentities(identity);
  }

  /** The identity of vertex {@code v}. */
  public long of(int v) {
    return identity[v];
  }
}
