package dev.weft.runtime.oracle;

/**
 * How many events one run's trace may hold before it would crowd out the heap. The step budget of a
 * thread running alone is a hundred times the contended one (long single-threaded set-up is no
 * hang), so on a small heap a run could record events until the JVM ran out of memory and took the
 * campaign with it. A run whose trace reaches this many events is ended unjudged instead, and says
 * what to give it.
 */
public final class TraceMemory {
  /** What one recorded event costs in the trace's chunks, with their headers. */
  static final int BYTES_PER_EVENT = 22;

  private TraceMemory() {}

  /**
   * Events that fit in a third of the heap Weft may grow to (the run before may still be analysed
   * beside it); {@code -Dweft.maxTraceEvents=N} sets the number itself.
   */
  public static long eventsThatFit() {
    Long set = Long.getLong("weft.maxTraceEvents");
    if (set != null && set > 0) {
      return set;
    }
    return Runtime.getRuntime().maxMemory() / 3 / BYTES_PER_EVENT;
  }

  /** What a run ended at {@code events} says. */
  static String outgrown(long events) {
    long heapMb = Runtime.getRuntime().maxMemory() >> 20;
    return "the run's trace reached "
        + events
        + " events, as many as Weft keeps for one run in its heap of "
        + heapMb
        + " MB; the run is not judged. Give Weft's JVM more heap (--jvm-opt -Xmx"
        + Math.max(2 * heapMb, 1024)
        + "m) or a smaller step budget (--max-steps)";
  }
}
