package dev.weft.corpus.campaign;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A campaign's totals over all its sessions and workers, from its directory alone: counters from
 * the latest {@code stats.jsonl} line of each worker, coverage from the entries (the union of the
 * keys they added: the campaign's own, and in a cluster those it took in from the other members,
 * whose keys its sessions count as covered too), findings from {@code findings/}. Reading changes
 * nothing, so it is safe while a campaign runs.
 *
 * @param seconds fuzzing time summed over workers
 * @param coverageKeys the keys of the corpus entries and of the entries taken in from a cluster
 * @param clusterEntries the entries taken in from a cluster ({@code cluster/}), apart from the
 *     corpus
 * @param unreadableFiles entries and findings that could not be read (they were warned about)
 * @param running whether a live process holds the directory's lock
 * @param restarts the worker JVMs replaced within a session (a run left a thread running that could
 *     not be stopped, or the JVM died or was killed), oldest first
 */
public record CampaignTotals(
    long executions,
    double seconds,
    long skipped,
    int coverageKeys,
    int corpusEntries,
    int clusterEntries,
    FindingStore findings,
    int sessions,
    int workers,
    int unreadableFiles,
    boolean running,
    List<StatsHistory.Restart> restarts) {

  public CampaignTotals {
    restarts = List.copyOf(restarts);
  }

  public static CampaignTotals of(CampaignDirectory dir, Consumer<String> warnings)
      throws IOException {
    int[] unreadable = {0};
    Quarantine look =
        Quarantine.reportOnly(
            w -> {
              unreadable[0]++;
              warnings.accept(w);
            });
    StatsHistory history = StatsHistory.read(dir.statsLog());
    long executions = 0;
    long skipped = 0;
    double seconds = 0;
    for (StatsLine line : history.latestByWorker().values()) {
      executions += line.executions();
      skipped += line.skipped();
      seconds += line.seconds();
    }
    CorpusStore corpus = new CorpusStore(dir.corpus());
    Set<Long> keys = new HashSet<>();
    for (CorpusEntry e : corpus.load(look)) {
      for (long k : e.coverageKeys()) {
        keys.add(k);
      }
    }
    CorpusStore imported = new CorpusStore(dir.cluster());
    for (CorpusEntry e : imported.load(look)) {
      for (long k : e.coverageKeys()) {
        keys.add(k);
      }
    }
    FindingStore findings = new FindingStore(dir.findings());
    findings.load(look);
    return new CampaignTotals(
        executions,
        seconds,
        skipped,
        keys.size(),
        corpus.count(),
        imported.count(),
        findings,
        history.sessionCount(),
        history.latestByWorker().size(),
        unreadable[0],
        DirectoryLock.isHeld(dir.lockFile())
            || !WorkerLock.liveHolders(dir.workerLocks()).isEmpty(),
        history.restarts());
  }
}
