package dev.weft.runtime.api;

/**
 * How a run's decisions record the choice of a held-back thread (see {@link
 * SchedulingPoint#heldBackCount}). Ordinary decisions are thread indices, recorded only where more
 * than one thread was offered, so a replay knows where each applies by counting such points. A
 * held-back thread may be chosen where a single thread was offered, so its record says where: two
 * numbers, the thread as {@code -(thread + 1)} (never a thread index, so decision lists written
 * before held-back choices existed read as before) and the point's number in the run (the count of
 * earlier calls to {@link Strategy#choose}).
 */
public final class HeldBackChoice {
  private HeldBackChoice() {}

  /** The first number of the record for {@code thread}. */
  public static int marker(int thread) {
    return -(thread + 1);
  }

  /** Whether a recorded decision starts a held-back choice. */
  public static boolean isMarker(int decision) {
    return decision < 0;
  }

  /** The thread a marker names. */
  public static int thread(int marker) {
    return -marker - 1;
  }
}
