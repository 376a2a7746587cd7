package dev.weft.runtime.api;

/**
 * Decides, at every scheduling point, which enabled thread executes its next event. All search
 * strategies (random walk, PCT, the segment-guided mutation, replay) are implementations of this
 * one small interface, so the scheduler never needs to know how a choice was made.
 *
 * <p>Calls come from one controlled thread at a time, so implementations need no synchronisation.
 */
public interface Strategy {

  /** A fresh run begins; {@code runNumber} counts from 1 within a campaign. */
  default void beginRun(long runNumber) {}

  /**
   * Returns the position, in {@link SchedulingPoint#enabledCount()} order, of the thread that runs
   * next. Called at every point, including those with a single enabled thread, so that strategies
   * counting steps (PCT) see every step.
   */
  int choose(SchedulingPoint point);

  /** The run ended; {@code steps} events were executed. */
  default void endRun(RunResult result) {}

  /**
   * Strategy-specific progress for the campaign's status line (coverage, pending work), or null if
   * the strategy has none.
   */
  default String status() {
    return null;
  }

  /** The same progress as numbers, for {@code summary.json}; empty if the strategy has none. */
  default java.util.Map<String, Number> stats() {
    return java.util.Map.of();
  }

  /**
   * What the strategy has to tell the user once, since the last call: how it degraded on a run (a
   * long run analysed in windows, planning that ran out of memory). The campaign prints each note
   * and keeps it in {@code summary.json}, so that nothing the strategy left out goes unsaid.
   */
  default java.util.List<String> takeNotes() {
    return java.util.List.of();
  }

  /** A short name for reports, e.g. {@code pct(d=3)}. */
  String describe();
}
