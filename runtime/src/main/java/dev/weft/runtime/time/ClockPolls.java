package dev.weft.runtime.time;

/**
 * One thread's reads of the {@link VirtualClock} since the run last changed shared state. A thread
 * that reads the clock again and again while nothing changes (a loop that works until a deadline,
 * sleeping, yielding or reading between reads) can only be waiting for time itself: if each read
 * moved the clock by a microsecond, a three-second deadline would take three million reads, past
 * every step budget. So each further read of such a streak moves the clock further, doubling from
 * one microsecond, up to a millisecond or a sixteenth of the time the streak has lasted, whichever
 * is more, so that a loop overshoots its deadline by at most about six per cent. Any change to
 * shared state, by any thread, ends every streak: threads waiting for others' work see time pass at
 * the pace of events, as before. Streaks depend only on the run's events, so a replay reads the
 * same times.
 */
public final class ClockPolls {
  /** The largest step of a streak after its first: then at least this many per read. */
  static final long MIN_CAP_NANOS = 1_000_000;

  /** No single read moves the clock further than this. */
  static final long MAX_STEP_NANOS = 1_000_000_000;

  /** A step's most doublings; beyond, the cap decides. */
  private static final int MAX_SHIFT = 30;

  /** The run's count of shared-state changes at this thread's last read, or -1 before any. */
  private long changesAtLastRead = -1;

  private int streak;
  private long streakStart;

  /**
   * How far this read moves the clock, given the elapsed virtual time and the run's count of
   * changes to shared state so far.
   */
  long step(long elapsed, long changes) {
    if (changes != changesAtLastRead) {
      changesAtLastRead = changes;
      streak = 0;
      streakStart = elapsed;
      return VirtualClock.TICK_NANOS;
    }
    streak++;
    long doubled = VirtualClock.TICK_NANOS << Math.min(streak, MAX_SHIFT);
    long cap = Math.max(MIN_CAP_NANOS, (elapsed - streakStart) / 16);
    return Math.min(Math.min(doubled, cap), MAX_STEP_NANOS);
  }
}
