package dev.weft.graph;

import dev.weft.trace.Locations;
import dev.weft.trace.Trace;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;

/**
 * The locations a stretch of a trace accesses, numbered densely in order of first access, so that
 * per-location scratch state is an array rather than a map: how {@link GraphBuilder} and {@link
 * SiteConflicts} find the conflicting accesses of a run alike.
 *
 * @param slot for each event of the stretch, its location's number, or -1 if it accesses none
 * @param count how many locations were accessed
 */
public record AccessSlots(int[] slot, int count) {
  /** The locations of events {@code [from, from + n)}. */
  public static AccessSlots of(Trace trace, int from, int n) {
    Long2IntOpenHashMap slotOf = new Long2IntOpenHashMap();
    slotOf.defaultReturnValue(-1);
    int[] slot = new int[n];
    for (int v = 0; v < n; v++) {
      long location = trace.location(from + v);
      if (!trace.kind(from + v).isAccess() || location == Locations.NONE) {
        slot[v] = -1;
        continue;
      }
      int s = slotOf.get(location);
      if (s < 0) {
        s = slotOf.size();
        slotOf.put(location, s);
      }
      slot[v] = s;
    }
    return new AccessSlots(slot, slotOf.size());
  }
}
