package dev.weft.runtime.time;

/**
 * The time a target sees. Weft never sleeps for real: a sleep or a timed wait that runs out moves
 * this clock forward instead, and every event and every clock read moves it by one microsecond so
 * that loops polling the time still see it pass; a thread that keeps reading it while nothing
 * changes moves it faster ({@link ClockPolls}). It starts at the same instant in every run, so a
 * replay sees the same times.
 */
public final class VirtualClock {
  /** Milliseconds since the epoch at the start of every run (2025-01-01T00:00:00Z). */
  static final long EPOCH_MILLIS = 1_735_689_600_000L;

  /** {@code System.nanoTime()} at the start of every run; arbitrary, as nanoTime's origin is. */
  static final long NANO_ORIGIN = 1_000_000_000_000L;

  static final long TICK_NANOS = 1_000;

  private long elapsedNanos;

  public long nanoTime() {
    return NANO_ORIGIN + elapsedNanos;
  }

  public long currentTimeMillis() {
    return EPOCH_MILLIS + elapsedNanos / 1_000_000;
  }

  /** Elapsed virtual nanoseconds since the run began. */
  public long elapsed() {
    return elapsedNanos;
  }

  public void tick() {
    elapsedNanos += TICK_NANOS;
  }

  /**
   * A read of the clock by a thread whose reads are {@code polls}, when the run has changed shared
   * state {@code changes} times: moves the clock on by one tick, or more while the thread only
   * polls.
   */
  public void read(ClockPolls polls, long changes) {
    elapsedNanos += polls.step(elapsedNanos, changes);
  }

  /** Moves the clock to the given elapsed time if it is not there yet (time never goes back). */
  public void advanceTo(long elapsed) {
    if (elapsed > elapsedNanos) {
      elapsedNanos = elapsed;
    }
  }
}
