package dev.weft.fuzz.pool;

import dev.weft.corpus.campaign.StatsLine;
import dev.weft.fuzz.status.StatusSnapshot;
import java.util.ArrayList;
import java.util.List;

/**
 * The pool's status, from each worker's latest stats line: executions, rates, pending plans and
 * skips add up; coverage, corpus entries and findings are the campaign's, which every worker sees
 * (it imports the others' entries), so the largest report is the freshest. A pool of one worker (a
 * session without {@code --workers}) shows the status of that session, as it would in-process: no
 * worker rows, and its realised percentage.
 */
final class PoolStatus {
  private final long findingsBefore;
  private long findingsSeen;
  private long lastFindingNanos;

  /**
   * @param findingsBefore the campaign's findings when the session began
   */
  PoolStatus(long findingsBefore) {
    this.findingsBefore = findingsBefore;
    this.findingsSeen = findingsBefore;
  }

  StatusSnapshot snapshot(double seconds, List<WorkerProcess> workers, long nowNanos) {
    long executions = 0;
    long sessionExecutions = 0;
    double rate = 0;
    long coverage = 0;
    long entries = 0;
    long findings = findingsBefore;
    long skipped = 0;
    long pending = -1;
    long lastNewKey = 0;
    Double realised = null;
    List<StatusSnapshot.WorkerRow> rows = new ArrayList<>();
    for (WorkerProcess w : workers) {
      StatsLine l = w.latest();
      if (workers.size() == 1 && l != null) {
        realised = l.realisedPercent(); // a session of one worker shows what it would in-process
      }
      if (workers.size() > 1) {
        rows.add(
            new StatusSnapshot.WorkerRow(
                w.worker(),
                w.alive(),
                l == null ? 0 : l.executions(),
                l == null || !w.alive() ? 0 : l.execsPerSecond()));
      }
      if (l == null) {
        continue;
      }
      executions += l.executions();
      sessionExecutions += w.sessionExecutions();
      rate += w.alive() ? l.execsPerSecond() : 0;
      coverage = Math.max(coverage, l.coverageKeys());
      entries = Math.max(entries, l.corpusEntries());
      findings = Math.max(findings, l.findings());
      skipped += l.skipped();
      pending = Math.max(pending, 0) + l.pendingPlans();
      lastNewKey = Math.max(lastNewKey, w.lastNewKeyNanos());
    }
    if (findings > findingsSeen) {
      findingsSeen = findings;
      lastFindingNanos = nowNanos;
    }
    return new StatusSnapshot(
        seconds,
        executions,
        rate,
        coverage,
        entries,
        pending,
        realised,
        findings,
        findings - findingsBefore,
        skipped,
        sessionExecutions,
        lastNewKey == 0 ? Double.NaN : (nowNanos - lastNewKey) / 1e9,
        lastFindingNanos == 0 ? Double.NaN : (nowNanos - lastFindingNanos) / 1e9,
        rows);
  }
}
