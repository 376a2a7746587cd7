package dev.weft.fuzz.session;

import dev.weft.corpus.campaign.CampaignDirectory;
import dev.weft.corpus.campaign.CorpusEntry;
import dev.weft.corpus.campaign.CorpusStore;
import dev.weft.corpus.campaign.FindingSightings;
import dev.weft.corpus.campaign.FindingStore;
import dev.weft.corpus.campaign.Quarantine;
import dev.weft.corpus.campaign.StatsHistory;
import dev.weft.corpus.campaign.StatsLine;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;

/**
 * Where a campaign stands when a session begins, read back from its directory: the next session
 * number, the worker's counters (from its last stats line, or further on if entries were written
 * after it, as after {@code kill -9}), the coverage all workers' entries added, and the findings.
 * This is what makes resume exact: counters continue and no key or finding is new twice.
 */
public final class CampaignState {
  private final int worker;
  private final int session;
  private final long executions;
  private final double seconds;
  private final long skipped;
  private final long[] coverageKeys;
  private final int[] edges;
  private final List<CorpusEntry> favoured;
  private final CorpusStore corpus;
  private final FindingStore findings;

  private CampaignState(
      int worker,
      int session,
      long executions,
      double seconds,
      long skipped,
      long[] coverageKeys,
      int[] edges,
      List<CorpusEntry> favoured,
      CorpusStore corpus,
      FindingStore findings) {
    this.worker = worker;
    this.session = session;
    this.executions = executions;
    this.seconds = seconds;
    this.skipped = skipped;
    this.coverageKeys = coverageKeys;
    this.edges = edges;
    this.favoured = favoured;
    this.corpus = corpus;
    this.findings = findings;
  }

  /** Loads the directory for a campaign run by one process (worker 0, the next session). */
  public static CampaignState load(CampaignDirectory dir, Consumer<String> warnings)
      throws IOException {
    return load(dir, 0, 0, warnings);
  }

  /**
   * Loads the directory; unreadable entries and findings are quarantined with a warning.
   *
   * @param worker whose counters continue
   * @param session the session this worker joins (its pool's parent chose it), or 0 for the next
   */
  public static CampaignState load(
      CampaignDirectory dir, int worker, int session, Consumer<String> warnings)
      throws IOException {
    Quarantine quarantine = new Quarantine(dir.quarantine(), warnings);
    StatsHistory history = StatsHistory.read(dir.statsLog());
    int lastSession = history.lastSession();
    long executions = 0;
    double seconds = 0;
    long skipped = 0;
    StatsLine last = history.latest(worker).orElse(null);
    if (last != null) {
      executions = last.executions();
      seconds = last.seconds();
      skipped = last.skipped();
    }
    CorpusStore corpus = new CorpusStore(dir.corpus());
    LongOpenHashSet keys = new LongOpenHashSet();
    IntArrayList edges = new IntArrayList();
    List<CorpusEntry> entries = corpus.load(quarantine);
    for (CorpusEntry e : entries) {
      keys.addAll(LongArrayList.wrap(e.coverageKeys()));
      edges.addElements(edges.size(), e.newEdges());
      lastSession = Math.max(lastSession, e.session());
      if (e.worker() == worker) {
        executions = Math.max(executions, e.execution());
      }
    }
    FindingStore findings = new FindingStore(dir.findings());
    findings.load(quarantine);
    if (history.latestByWorker().keySet().stream().allMatch(w -> w == 0)) {
      // a finding written after the last stats line (kill -9) moves the counter on; with several
      // workers a finding's execution number may be another worker's, so only entries count
      for (FindingSightings f : findings.all()) {
        executions = Math.max(executions, f.firstExecution());
      }
    }
    return new CampaignState(
        worker,
        session > 0 ? session : lastSession + 1,
        executions,
        seconds,
        skipped,
        keys.toLongArray(),
        edges.toIntArray(),
        FavouredEntries.of(entries),
        corpus,
        findings);
  }

  public int worker() {
    return worker;
  }

  /** The number of the session about to run, from 1. */
  public int session() {
    return session;
  }

  /** The worker's executions over all earlier sessions. */
  public long executions() {
    return executions;
  }

  /** The worker's fuzzing time over all earlier sessions. */
  public double seconds() {
    return seconds;
  }

  public long skipped() {
    return skipped;
  }

  public int coverageKeyCount() {
    return coverageKeys.length;
  }

  /** Every key the corpus entries added. */
  public long[] coverageKeys() {
    return coverageKeys.clone();
  }

  /** Every branch edge the corpus entries reached first ({@code id << 8 | bucket bits}). */
  public int[] edges() {
    return edges.clone();
  }

  /** The favoured entries ({@link FavouredEntries}), to mutate again first. */
  public List<CorpusEntry> favouredEntries() {
    return favoured;
  }

  public CorpusStore corpus() {
    return corpus;
  }

  public FindingStore findings() {
    return findings;
  }
}
