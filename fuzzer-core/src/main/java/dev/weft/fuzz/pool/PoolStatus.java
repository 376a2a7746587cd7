package dev.weft.fuzz.pool;

import dev.weft.corpus.campaign.StatsLine;
import java.util.List;

/**
 * The pool's one combined status line, from each worker's latest stats line: executions and rates
 * add up; coverage, corpus entries and findings are the campaign's, which every worker sees (it
 * imports the others' entries), so the largest report is the freshest.
 */
final class PoolStatus {
  private PoolStatus() {}

  static String line(double seconds, List<WorkerProcess> workers) {
    long executions = 0;
    double rate = 0;
    long coverage = 0;
    long entries = 0;
    long findings = 0;
    long skipped = 0;
    StringBuilder each = new StringBuilder();
    int alive = 0;
    for (WorkerProcess w : workers) {
      StatsLine l = w.latest();
      if (w.alive()) {
        alive++;
      }
      if (l == null) {
        continue;
      }
      executions += l.executions();
      rate += w.alive() ? l.execsPerSecond() : 0;
      coverage = Math.max(coverage, l.coverageKeys());
      entries = Math.max(entries, l.corpusEntries());
      findings = Math.max(findings, l.findings());
      skipped += l.skipped();
      each.append(each.length() == 0 ? "" : ", ")
          .append('w')
          .append(w.worker())
          .append(' ')
          .append(String.format("%,.0f/s", w.alive() ? l.execsPerSecond() : 0.0));
    }
    return String.format(
        "%5.0fs  execs %,d (%,.0f/s)  coverage %,d  entries %,d  findings %d%s  workers %d/%d"
            + " [%s]",
        seconds,
        executions,
        rate,
        coverage,
        entries,
        findings,
        skipped > 0 ? "  skipped " + skipped : "",
        alive,
        workers.size(),
        each);
  }
}
