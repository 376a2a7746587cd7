package dev.weft.graph.interference;

import dev.weft.graph.InterleavingGraph;
import dev.weft.graph.mutation.ChainDag;
import dev.weft.graph.readsfrom.ReadsFrom;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;

/**
 * Whether a run realised a choice: each chosen read (recognised by its {@link EventIdentities
 * identity}) saw the chosen write, and every other read of the run was local in the sense of {@link
 * InterferenceSpace}. A run that followed a choice's schedule and fails this diverged: a chosen
 * read never came (its thread took another branch), saw another write, or a read the planned run
 * did not have saw another thread's write. Such a choice is infeasible from the run it was drawn
 * from; it is not planned again.
 */
public final class InterferenceCheck {
  private InterferenceCheck() {}

  /** Whether the run of graph {@code g} and reads-from {@code rf} realised {@code choice}. */
  public static boolean realised(InterleavingGraph g, ReadsFrom rf, InterferenceChoice choice) {
    EventIdentities identities = EventIdentities.of(g);
    ChainDag structure = new ChainDag(g);
    Long2LongOpenHashMap wanted = new Long2LongOpenHashMap();
    for (int i = 0; i < choice.k(); i++) {
      wanted.put(choice.readIdentities()[i], choice.writeIdentities()[i]);
    }
    int matched = 0;
    for (int v = 0; v < g.vertexCount(); v++) {
      if (!rf.isRead(v)) {
        continue;
      }
      int source = rf.source(v);
      long id = identities.of(v);
      if (wanted.containsKey(id)) {
        if (source < 0 || identities.of(source) != wanted.get(id)) {
          return false;
        }
        matched++;
      } else if (source >= 0 && g.thread(source) != g.thread(v) && !structure.reaches(source, v)) {
        return false;
      }
    }
    return matched == choice.k();
  }
}
