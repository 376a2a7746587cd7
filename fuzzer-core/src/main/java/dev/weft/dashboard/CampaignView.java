package dev.weft.dashboard;

import dev.weft.corpus.campaign.CampaignDirectory;
import dev.weft.corpus.campaign.CampaignFile;
import dev.weft.corpus.campaign.CampaignSettings;
import dev.weft.corpus.campaign.DirectoryLock;
import dev.weft.corpus.campaign.FindingSightings;
import dev.weft.corpus.campaign.FindingStore;
import dev.weft.corpus.campaign.InterleavingMap;
import dev.weft.corpus.campaign.LineTail;
import dev.weft.corpus.campaign.Quarantine;
import dev.weft.corpus.campaign.StatsHistory;
import dev.weft.corpus.campaign.StatsLine;
import dev.weft.corpus.campaign.WorkerLock;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One campaign directory as the dashboard sees it, kept up to date by {@link #refresh}: the stats
 * log is followed from where the last refresh stopped (a campaign of days is read once, then only
 * its new lines), findings and the interleaving map are read again each time (they are small).
 * Nothing in the directory is written or moved, so it is safe while the campaign runs.
 */
final class CampaignView {
  /** Corrupt lines quoted on the page; the rest are only counted. */
  static final int QUOTED_CORRUPT_LINES = 5;

  private final CampaignDirectory dir;
  private final CampaignSettings settings;
  private final LineTail stats;
  private Timeline timeline = new Timeline();
  private StatsHistory history = new StatsHistory();
  private long lines;
  private long corruptLines;
  private final List<String> corruptQuoted = new ArrayList<>();
  private List<FindingSightings> findings = List.of();
  private InterleavingMap interleavings = new InterleavingMap();
  private List<String> warnings = List.of();
  private boolean running;

  /**
   * @throws dev.weft.corpus.campaign.CampaignFileException if its {@code campaign.json} is not one
   */
  CampaignView(CampaignDirectory dir) throws IOException {
    this.dir = dir;
    this.settings = CampaignFile.read(dir.campaignFile());
    this.stats = new LineTail(dir.statsLog(), false);
  }

  /** Reads what the campaign wrote since the last call. */
  void refresh() throws IOException {
    List<LineTail.Line> batch;
    do {
      batch = stats.newLines();
      if (stats.restarted()) {
        timeline = new Timeline();
        history = new StatsHistory();
        lines = 0;
        corruptLines = 0;
        corruptQuoted.clear();
      }
      batch.forEach(this::add);
    } while (!batch.isEmpty());
    List<String> found = new ArrayList<>();
    FindingStore store = new FindingStore(dir.findings());
    store.load(Quarantine.reportOnly(found::add));
    List<FindingSightings> list = new ArrayList<>(store.all());
    list.sort(
        Comparator.comparingLong(FindingSightings::firstTime).thenComparing(FindingSightings::id));
    findings = list;
    interleavings = InterleavingMap.readAll(dir, found::add);
    warnings = found;
    running =
        DirectoryLock.isHeld(dir.lockFile())
            || !WorkerLock.liveHolders(dir.workerLocks()).isEmpty();
  }

  private void add(LineTail.Line line) {
    if (line.text().isBlank()) {
      return;
    }
    lines++;
    try {
      StatsLine parsed = StatsLine.parse(line.text());
      timeline.add(parsed);
      history.add(parsed);
    } catch (IllegalArgumentException e) {
      corruptLines++;
      if (corruptQuoted.size() < QUOTED_CORRUPT_LINES) {
        corruptQuoted.add("line " + line.number() + ": " + e.getMessage());
      }
    }
  }

  CampaignDirectory directory() {
    return dir;
  }

  CampaignSettings settings() {
    return settings;
  }

  Timeline timeline() {
    return timeline;
  }

  /** The worker JVMs replaced within a session, oldest first. */
  List<StatsHistory.Restart> restarts() {
    return history.restarts();
  }

  /** Non-blank lines read from {@code stats.jsonl}, corrupt ones included. */
  long lines() {
    return lines;
  }

  long corruptLines() {
    return corruptLines;
  }

  List<String> corruptQuoted() {
    return List.copyOf(corruptQuoted);
  }

  List<FindingSightings> findings() {
    return findings;
  }

  InterleavingMap interleavings() {
    return interleavings;
  }

  /** Files that could not be read this time (findings, interleaving maps). */
  List<String> warnings() {
    return warnings;
  }

  boolean running() {
    return running;
  }
}
