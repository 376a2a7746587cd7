package dev.weft.fuzz.status;

import dev.weft.corpus.campaign.StatsHistory;
import dev.weft.corpus.campaign.StatsLine;
import java.util.List;

/**
 * The cluster a campaign took part in during its last session, from its stats log alone (so {@code
 * weft status} needs no connection to it): the members its workers saw last, and the entries they
 * took from and gave to the other members, summed over its workers.
 */
public final class ClusterStatus {
  private ClusterStatus() {}

  /** The cluster of the last session, or null if that session was not part of one. */
  public static StatsLine.Cluster of(StatsHistory history) {
    List<StatsLine> lines =
        history.latestByWorker().values().stream()
            .filter(l -> l.session() == history.lastSession() && l.cluster() != null)
            .toList();
    if (lines.isEmpty()) {
      return null;
    }
    StatsLine newest = lines.stream().max((a, b) -> Long.compare(a.time(), b.time())).orElseThrow();
    return new StatsLine.Cluster(
        newest.cluster().name(),
        newest.cluster().members(),
        lines.stream().mapToInt(l -> l.cluster().membersSeen()).max().orElse(0),
        lines.stream().mapToLong(l -> l.cluster().importedEntries()).sum(),
        lines.stream().mapToLong(l -> l.cluster().exportedEntries()).sum());
  }
}
