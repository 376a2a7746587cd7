package dev.weft.fuzz.session;

import dev.weft.corpus.campaign.StatsLine;
import dev.weft.corpus.campaign.StatsLog;
import dev.weft.fuzz.strategy.CoverageFeedback;
import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes the session's {@code stats.jsonl} lines: one at start, one about every {@value
 * #INTERVAL_SECONDS} s (checked between runs; {@code -Dweft.statsMillis=N} for every N ms, which
 * the tests of a cluster give its members so as not to wait seconds for each line that shows it),
 * one at stop. It counts the new keys of each kind of run since its last line, and works out the
 * rate since then.
 */
final class StatsTicker {
  static final int INTERVAL_SECONDS = 5;

  private static final long INTERVAL_NANOS =
      Math.max(1, Long.getLong("weft.statsMillis", INTERVAL_SECONDS * 1000L)) * 1_000_000L;

  /** The counters a line reports, read when it is written. */
  interface Counters {
    long executions();

    long sessionExecutions();

    double seconds();

    long skipped();

    long corpusEntries();

    long findings();

    /** Where the cluster stands, or null when the campaign is not part of one. */
    StatsLine.Cluster cluster();
  }

  private final StatsLog log;
  private final int session;
  private final int worker;
  private final CoverageFeedback feedback;
  private final Counters counters;
  private final long restoredKeys;
  private final Map<String, Long> newKeys = new TreeMap<>();
  private long lastNanos;
  private long lastExecutions;

  /**
   * @param feedback the strategy's coverage, or null for strategies without any
   * @param restoredKeys the keys the corpus holds, reported as the coverage when there is no
   *     feedback (a {@code pct} session on a {@code segment} campaign keeps them)
   */
  StatsTicker(
      StatsLog log,
      int session,
      int worker,
      CoverageFeedback feedback,
      long restoredKeys,
      Counters counters) {
    this.log = log;
    this.session = session;
    this.worker = worker;
    this.feedback = feedback;
    this.counters = counters;
    this.restoredKeys = restoredKeys;
  }

  /** Counts keys a run of kind {@code origin} added. */
  void newKeys(String origin, int count) {
    newKeys.merge(origin, (long) count, Long::sum);
  }

  /** Whether the next tick is due. */
  boolean due(long nowNanos) {
    return nowNanos - lastNanos >= INTERVAL_NANOS;
  }

  StatsLine write(String event, long nowNanos) throws IOException {
    return write(event, null, nowNanos);
  }

  /** The session's last line, with why it stopped. */
  StatsLine stop(String reason, long nowNanos) throws IOException {
    return write("stop", reason, nowNanos);
  }

  private StatsLine write(String event, String stopReason, long nowNanos) throws IOException {
    long executions = counters.sessionExecutions();
    double rate =
        lastNanos == 0 || nowNanos == lastNanos
            ? 0
            : (executions - lastExecutions) / ((nowNanos - lastNanos) / 1e9);
    StatsLine line =
        new StatsLine(
            System.currentTimeMillis(),
            event,
            session,
            worker,
            counters.executions(),
            executions,
            counters.seconds(),
            rate,
            feedback == null ? restoredKeys : feedback.coveredKeys(),
            counters.corpusEntries(),
            feedback == null ? 0 : feedback.pendingPlans(),
            feedback == null ? null : feedback.realisedPercent(),
            counters.findings(),
            counters.skipped(),
            newKeys,
            counters.cluster(),
            stopReason);
    log.append(line);
    newKeys.clear();
    lastNanos = nowNanos;
    lastExecutions = executions;
    return line;
  }
}
