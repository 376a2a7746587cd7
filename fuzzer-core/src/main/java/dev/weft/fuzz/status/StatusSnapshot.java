package dev.weft.fuzz.status;

import java.util.List;

/**
 * Where a fuzzing session stands at one moment, as its status display shows it: one worker's own
 * counters, or a pool's added up with a row per worker.
 *
 * @param seconds time this session has run
 * @param executions executions over every session of the campaign
 * @param pendingPlans schedules planned and not yet run, or -1 for strategies that plan none
 * @param realisedPercent planned targets realised, or null before any was tried
 * @param secondsSinceNewKey since the last run that added a coverage key, or NaN if none has
 * @param secondsSinceFinding since the last new finding of this session, or NaN if none
 * @param workers one row per worker of a pool; empty for a session run by one process
 */
public record StatusSnapshot(
    double seconds,
    long executions,
    double execsPerSecond,
    long coverageKeys,
    long corpusEntries,
    long pendingPlans,
    Double realisedPercent,
    long findings,
    long newFindings,
    long skipped,
    long sessionExecutions,
    double secondsSinceNewKey,
    double secondsSinceFinding,
    List<WorkerRow> workers) {

  public StatusSnapshot {
    workers = List.copyOf(workers);
  }

  /** One worker of a pool. */
  public record WorkerRow(int worker, boolean alive, long executions, double execsPerSecond) {}
}
