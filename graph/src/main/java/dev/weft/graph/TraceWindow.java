package dev.weft.graph;

/**
 * The events {@code [from, to)} of a run that one interleaving graph covers. A graph of a whole run
 * costs about a hundred bytes per event and every schedule planned from it four more, so a run of
 * millions of events is analysed a window at a time (see {@link GraphBudget}).
 */
public record TraceWindow(int from, int to) {
  public TraceWindow {
    if (from < 0 || to < from) {
      throw new IllegalArgumentException("bad window [" + from + ", " + to + ")");
    }
  }

  public static TraceWindow whole(int events) {
    return new TraceWindow(0, events);
  }

  public int size() {
    return to - from;
  }

  /** Whether this is all of a run of {@code events} events. */
  public boolean isWhole(int events) {
    return from == 0 && to == events;
  }
}
