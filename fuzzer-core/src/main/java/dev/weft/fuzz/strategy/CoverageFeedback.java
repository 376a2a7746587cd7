package dev.weft.fuzz.strategy;

/**
 * A strategy that learns from segment coverage, seen from the campaign that keeps its memory on
 * disk: after each run it says which keys the run added (the campaign saves them with the run as a
 * corpus entry) and what made the run; on resume the campaign gives the saved keys back, so that no
 * key is new twice and nothing is planned toward a segment already covered.
 */
public interface CoverageFeedback {
  /** Marks {@code keys} as covered, without planning from them: they come from earlier sessions. */
  void restoreCoverage(long[] keys);

  /**
   * Offers a corpus entry's schedule to mutate again: it runs when no planned schedule is pending
   * (before fresh runs), and its run is planned from whatever keys it yields, new or not. This is
   * how a resumed session goes on from its corpus, and how a worker mutates the entries the other
   * workers found.
   *
   * @param entry the entry's name, the parent of the entries planned from its run
   */
  void offerSeed(String entry, int[] decisions);

  /**
   * Leaves out the non-preemptive run that fresh runs start with: another worker of the pool makes
   * it, or an earlier session did and its entry is among the seeds, so here it would only repeat a
   * known run.
   */
  void skipNonPreemptiveRun();

  /** Seeds offered and not yet run. */
  int pendingSeeds();

  /**
   * The run the strategy learnt from when the last run ended (or at {@link #finishAnalysis}), which
   * the last* answers describe: it may learn from each run one run late, analysing it while the
   * next executes. -1 when it learnt from none then (the first run, or a run that repeated a trace
   * or was skipped).
   */
  long lastAnalysedRun();

  /**
   * Learns from the last run now rather than when the next ends; the last* answers then describe
   * it. A session calls this before it stops, so that the last run's keys are saved.
   */
  void finishAnalysis();

  /** The keys the last analysed run added to coverage (empty when it added none). */
  long[] lastRunNewKeys();

  /**
   * The conflicts the last analysed run ordered as a planned segment wanted, for each target it
   * realised: the stable site keys of each conflict's two accesses, flattened, the earlier access
   * first ({@code [first0, second0, first1, second1, ...]}); empty when it realised none.
   */
  long[] lastRunRealisedConflicts();

  /**
   * What made the last analysed run: {@code first}, {@code planned}, {@code corpus} (a seed),
   * {@code pct} or {@code random}.
   */
  String lastRunOrigin();

  /** The run whose graph the last analysed run's schedule was planned on, or -1 for a fresh run. */
  long lastRunParent();

  /**
   * The corpus entry the last analysed run's schedule was planned from when its source run is no
   * entry of this session (it replayed a seed and added no key), else null and {@link
   * #lastRunParent} names the source.
   */
  String lastRunParentEntry();

  /** Keys covered so far, restored ones included. */
  int coveredKeys();

  /** Schedules planned and not yet run. */
  int pendingPlans();

  /** Planned targets the runs realised, in percent; null before any was tried. */
  Double realisedPercent();
}
