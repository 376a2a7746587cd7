package dev.weft.fuzz.session;

import dev.weft.corpus.CorruptFileException;
import dev.weft.corpus.campaign.CampaignDirectory;
import dev.weft.corpus.campaign.CodeSite;
import dev.weft.corpus.campaign.InterleavingMap;
import dev.weft.corpus.campaign.Quarantine;
import dev.weft.fuzz.strategy.CoverageFeedback;
import dev.weft.graph.SiteConflicts;
import dev.weft.runtime.api.RunResult;
import dev.weft.trace.Site;
import dev.weft.trace.SiteTable;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Keeps this worker's {@link InterleavingMap} for the dashboard: after each run, the pairs of code
 * sites that conflicted and the conflicts of the planned segments it realised; with each stats line
 * and at the end, its file. A session takes up the file its worker wrote in earlier sessions, so
 * the counts cover the campaign. A file that cannot be read is quarantined and the map starts
 * afresh.
 */
final class InterleavingRecorder {
  private final Path file;
  private final SiteTable sites;
  private final InterleavingMap map;
  private final Long2IntOpenHashMap byStableKey = new Long2IntOpenHashMap();
  private int[] bySiteId = new int[0];

  InterleavingRecorder(CampaignDirectory dir, int worker, SiteTable sites, Quarantine quarantine)
      throws IOException {
    this.file = InterleavingMap.file(dir, worker);
    this.sites = sites;
    this.map = load(file, quarantine);
    byStableKey.defaultReturnValue(-1);
  }

  private static InterleavingMap load(Path file, Quarantine quarantine) throws IOException {
    if (Files.exists(file)) {
      try {
        return InterleavingMap.read(file);
      } catch (CorruptFileException e) {
        quarantine.take(file, e.getMessage().replace(file.toString(), "the file"));
      }
    }
    return new InterleavingMap();
  }

  /** Counts what the run interleaved; a skipped run counts for nothing. */
  void observe(RunResult result) {
    if (result.outcome() != RunResult.Outcome.PASSED
        && result.outcome() != RunResult.Outcome.FAILED) {
      return;
    }
    for (long pair : SiteConflicts.of(result.trace())) {
      map.seen(siteOfId(SiteConflicts.first(pair)), siteOfId(SiteConflicts.second(pair)));
    }
  }

  /** Counts the conflicts the run the strategy learnt from last ordered as a plan wanted. */
  void realised(CoverageFeedback feedback) {
    long[] realised = feedback.lastRunRealisedConflicts();
    for (int i = 0; i + 1 < realised.length; i += 2) {
      int first = siteOfKey(realised[i]);
      int second = siteOfKey(realised[i + 1]);
      if (first >= 0 && second >= 0) {
        map.realised(first, second);
      }
    }
  }

  /** Writes the map if it changed since the last write. */
  void flush() throws IOException {
    if (map.changed()) {
      map.write(file);
    }
  }

  private int siteOfId(int id) {
    if (id >= bySiteId.length) {
      int old = bySiteId.length;
      bySiteId = Arrays.copyOf(bySiteId, Math.max(id + 1, 2 * old));
      Arrays.fill(bySiteId, old, bySiteId.length, -1);
    }
    if (bySiteId[id] < 0) {
      Site s = sites.get(id);
      bySiteId[id] = map.site(codeSite(s));
      byStableKey.putIfAbsent(s.stableKey(), bySiteId[id]);
    }
    return bySiteId[id];
  }

  /** The map's index of the site with this stable key, or -1 if no site of this process has it. */
  private int siteOfKey(long stableKey) {
    int i = byStableKey.get(stableKey);
    if (i < 0) {
      for (int id = 0, n = sites.size(); id < n; id++) {
        if (sites.get(id).stableKey() == stableKey) {
          return siteOfId(id);
        }
      }
    }
    return i;
  }

  static CodeSite codeSite(Site s) {
    String file = s.sourceFile() == null ? s.simpleClassName() + ".java" : s.sourceFile();
    return new CodeSite(s.className(), s.methodName(), file, s.line(), s.operation());
  }
}
