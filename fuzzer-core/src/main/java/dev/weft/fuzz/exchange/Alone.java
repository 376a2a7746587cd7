package dev.weft.fuzz.exchange;

import dev.weft.corpus.campaign.CorpusEntry;
import dev.weft.corpus.campaign.StatsLine;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** A session run by one process alone: there is nobody to share with. */
public final class Alone implements CampaignExchange {
  @Override
  public void publish(CorpusEntry entry, Path file) {}

  @Override
  public List<SharedEntry> receive() {
    return List.of();
  }

  @Override
  public boolean hasArrivals() {
    return false;
  }

  @Override
  public Claim claim(String findingId) {
    return Claim.OURS;
  }

  @Override
  public void written(String findingId) {}

  @Override
  public void seenElsewhere(String findingId) {}

  @Override
  public Map<String, Long> shareSightings(Set<String> writtenHere) {
    return Map.of();
  }

  @Override
  public StatsLine.Cluster cluster() {
    return null;
  }

  @Override
  public void close() {}
}
