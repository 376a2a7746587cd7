package dev.weft.graph;

/**
 * How much of a run one interleaving graph may cover. Graph building, segment enumeration and
 * planning all cost memory in proportion to the events analysed (a graph about a hundred bytes per
 * event at its peak, each planned schedule four), so on a run of millions of events mutation would
 * exhaust the heap. A longer run is analysed a window of {@code maxEvents} events at a time.
 *
 * <p>Windows overlap by half (they start every {@code maxEvents / 2} events, the last one ends with
 * the run), so that any stretch of half a window lies wholly in one of them: a bug's few accesses
 * are never cut apart by every window. Analysis turn {@code k} takes one of them in an order that
 * spreads early turns over the run and starts at its end, where checks after the work usually are
 * (a bit-reversal order: of five windows, the last, the first, the middle, then the two others),
 * wrapping around once all were taken. The choice depends only on the run's length and the turn,
 * never on timing, so coverage keys stay deterministic for a seed.
 *
 * @param maxEvents the most events one graph covers
 */
public record GraphBudget(int maxEvents) {
  /**
   * Well above the runs of the bundled examples and unit-test targets, and small enough that a
   * window's graph and a round of schedules planned on it take tens of megabytes.
   */
  public static final GraphBudget DEFAULT = new GraphBudget(200_000);

  /** The smallest budget: a window must hold a few slices of each thread to contain segments. */
  public static final int MIN_EVENTS = 1_000;

  public GraphBudget {
    if (maxEvents < MIN_EVENTS) {
      throw new IllegalArgumentException(
          "graph budget must be at least " + MIN_EVENTS + " events, got " + maxEvents);
    }
  }

  /** Whether a run of {@code events} events fits in one graph. */
  public boolean fits(int events) {
    return events <= maxEvents;
  }

  /** The number of windows a run of {@code events} events is analysed in. */
  public int windows(int events) {
    if (fits(events)) {
      return 1;
    }
    int stride = stride();
    return (int) (((long) events - maxEvents + stride - 1) / stride) + 1;
  }

  /** The window that analysis turn {@code turn} takes of a run of {@code events} events. */
  public TraceWindow window(int events, long turn) {
    if (fits(events)) {
      return TraceWindow.whole(events);
    }
    int count = windows(events);
    int k = count - 1 - spread((int) Math.floorMod(turn, (long) count), count);
    return windowAt(events, (int) Math.min((long) k * stride(), Integer.MAX_VALUE));
  }

  /**
   * The window of a run of {@code events} events that starts where a window of an earlier run
   * started (or ends with the run, if that one is shorter): a run that followed a schedule planned
   * on that window is analysed on the same events, so that the targets it was meant to realise are
   * looked for where they were planned.
   */
  public TraceWindow windowAt(int events, int from) {
    if (fits(events)) {
      return TraceWindow.whole(events);
    }
    int start = Math.max(0, Math.min(from, events - maxEvents));
    return new TraceWindow(start, start + maxEvents);
  }

  private int stride() {
    return maxEvents / 2;
  }

  /**
   * The {@code k}-th of {@code 0..count-1} in bit-reversal order (0, then the middle, then the
   * quarters...), skipping values past the end.
   */
  static int spread(int k, int count) {
    int bits = 32 - Integer.numberOfLeadingZeros(Math.max(1, count - 1));
    int seen = 0;
    for (int i = 0; ; i++) {
      int value = bits == 0 ? 0 : Integer.reverse(i) >>> (32 - bits);
      if (value < count && seen++ == k) {
        return value;
      }
    }
  }
}
