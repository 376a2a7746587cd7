package dev.weft.dashboard;

import dev.weft.corpus.campaign.StatsLine;
import it.unimi.dsi.fastutil.doubles.DoubleArrayList;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Map;
import java.util.TreeMap;

/**
 * A campaign's progress as the dashboard plots it: one row per stats line, holding the campaign's
 * totals at that moment (every worker's latest line combined) and the line's own worker values.
 * Columns of primitives, because a campaign of days has hundreds of thousands of lines.
 *
 * <p>How workers combine: executions, executions/s, skipped runs and pending plans add up (a worker
 * whose latest line is a {@code stop} runs no executions per second); coverage keys, corpus entries
 * and findings are the largest worker's, because every worker takes in the entries and findings the
 * others write, so each approaches the campaign's union; elapsed time is the longest worker's
 * fuzzing time (workers run side by side); realised is the mean over the workers that planned. Wall
 * times are made non-decreasing (workers append lines a few milliseconds apart).
 *
 * <p>Between two sessions the campaign did not run: a gap row (no value in any series) goes between
 * them, so that a chart breaks there instead of drawing a line across hours nobody fuzzed. Likewise
 * the executions per second of a moment when every worker had stopped are no value, not 0.
 */
final class Timeline {
  final DoubleArrayList time = new DoubleArrayList();
  final DoubleArrayList elapsed = new DoubleArrayList();
  final DoubleArrayList executions = new DoubleArrayList();
  final DoubleArrayList execsPerSecond = new DoubleArrayList();
  final DoubleArrayList coverage = new DoubleArrayList();
  final DoubleArrayList corpus = new DoubleArrayList();
  final DoubleArrayList pending = new DoubleArrayList();
  final DoubleArrayList realised = new DoubleArrayList();
  final DoubleArrayList skipped = new DoubleArrayList();
  final DoubleArrayList findings = new DoubleArrayList();

  /** The cluster's members as the newest line saw them; NaN when the line is of no cluster. */
  final DoubleArrayList members = new DoubleArrayList();

  /** The worker whose line made each row, and that line's own coverage and executions/s. */
  final IntArrayList worker = new IntArrayList();

  final DoubleArrayList workerCoverage = new DoubleArrayList();
  final DoubleArrayList workerExecsPerSecond = new DoubleArrayList();

  /** Keys added so far by each maker of runs ({@code planned}, {@code pct}, ...), per row. */
  final Map<String, DoubleArrayList> keysByStrategy = new TreeMap<>();

  /** The gap rows, one between each two sessions. */
  final IntArrayList gaps = new IntArrayList();

  private final Map<Integer, StatsLine> latest = new TreeMap<>();
  private int session = -1;
  private final Map<String, Double> strategyTotals = new TreeMap<>();

  void add(StatsLine line) {
    if (!time.isEmpty() && line.session() != session) {
      gap(line.time());
    }
    session = line.session();
    latest.put(line.worker(), line);
    double t = line.time();
    if (!time.isEmpty()) {
      t = Math.max(t, time.getDouble(time.size() - 1));
    }
    time.add(t);
    double elapsedSeconds = 0;
    double execs = 0;
    double rate = 0;
    boolean running = false;
    double keys = 0;
    double entries = 0;
    double plans = 0;
    double realisedSum = 0;
    int realisedWorkers = 0;
    double skips = 0;
    double found = 0;
    for (StatsLine l : latest.values()) {
      elapsedSeconds = Math.max(elapsedSeconds, l.seconds());
      execs += l.executions();
      if (!l.event().equals("stop")) {
        rate += l.execsPerSecond();
        running = true;
      }
      keys = Math.max(keys, l.coverageKeys());
      entries = Math.max(entries, l.corpusEntries());
      plans += l.pendingPlans();
      if (l.realisedPercent() != null) {
        realisedSum += l.realisedPercent();
        realisedWorkers++;
      }
      skips += l.skipped();
      found = Math.max(found, l.findings());
    }
    elapsed.add(elapsedSeconds);
    executions.add(execs);
    execsPerSecond.add(running ? rate : Double.NaN);
    coverage.add(keys);
    corpus.add(entries);
    pending.add(plans);
    realised.add(realisedWorkers == 0 ? Double.NaN : realisedSum / realisedWorkers);
    skipped.add(skips);
    findings.add(found);
    members.add(line.cluster() == null ? Double.NaN : line.cluster().members());
    worker.add(line.worker());
    workerCoverage.add(line.coverageKeys());
    workerExecsPerSecond.add(line.execsPerSecond());
    line.newKeysByStrategy()
        .forEach((strategy, n) -> strategyTotals.merge(strategy, (double) n, Double::sum));
    int row = time.size() - 1;
    for (Map.Entry<String, Double> e : strategyTotals.entrySet()) {
      DoubleArrayList column = keysByStrategy.computeIfAbsent(e.getKey(), k -> zeros(row));
      column.add(e.getValue().doubleValue());
    }
  }

  /** A column for rows before a strategy first added keys: none yet, except at the gaps. */
  private DoubleArrayList zeros(int rows) {
    double[] values = new double[rows];
    gaps.forEach(g -> values[g] = Double.NaN);
    return new DoubleArrayList(values, 0, rows);
  }

  /**
   * A row with no value between two sessions, halfway between them in wall time; its fuzzing time
   * and executions are those of the session before, which the next one goes on from.
   */
  private void gap(long nextTime) {
    int last = time.size() - 1;
    gaps.add(time.size());
    time.add((time.getDouble(last) + Math.max(nextTime, time.getDouble(last))) / 2);
    elapsed.add(elapsed.getDouble(last));
    executions.add(executions.getDouble(last));
    for (DoubleArrayList column :
        new DoubleArrayList[] {
          execsPerSecond,
          coverage,
          corpus,
          pending,
          realised,
          skipped,
          findings,
          members,
          workerCoverage,
          workerExecsPerSecond
        }) {
      column.add(Double.NaN);
    }
    worker.add(-1);
    keysByStrategy.values().forEach(c -> c.add(Double.NaN));
  }

  int rows() {
    return time.size();
  }

  /** The workers that wrote lines, in order. */
  int[] workers() {
    return latest.keySet().stream().mapToInt(Integer::intValue).toArray();
  }
}
