package dev.weft.fuzz.strategy;

/**
 * Where a strategy's next schedule comes from, for the input search that pairs each schedule with
 * an input: a schedule planned on an earlier run's graph is only meant for that run's input (with
 * another, the program goes elsewhere and the plan diverges), and a corpus entry's schedule for the
 * entry's input. A strategy without plans makes every run fresh and need not implement this.
 */
public interface ScheduleOrigin {
  /** The run whose graph the next run's schedule was planned on, or -1 if it follows no plan. */
  long nextRunSource();

  /**
   * The corpus entry the next run's schedule comes from (a seed it replays, or the entry the plan's
   * source run replayed), else null.
   */
  String nextRunEntry();

  /**
   * Makes the next run a fresh one (no plan, no seed), whatever is queued: the input search spends
   * it on a new input with a schedule of its own, and what is queued waits.
   */
  void nextRunFresh();
}
