package dev.weft.fuzz.exchange;

import dev.weft.corpus.campaign.CorpusEntry;
import java.nio.file.Path;
import java.util.List;

/** A session run by one process alone: there is nobody to share with. */
public final class Alone implements CampaignExchange {
  @Override
  public void publish(CorpusEntry entry, Path file) {}

  @Override
  public List<SharedEntry> receive() {
    return List.of();
  }
}
