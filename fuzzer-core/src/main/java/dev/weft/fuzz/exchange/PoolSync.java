package dev.weft.fuzz.exchange;

import dev.weft.corpus.campaign.CorpusEntry;
import dev.weft.corpus.campaign.CorpusStore;
import dev.weft.corpus.campaign.Quarantine;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The workers of one pool ({@code weft fuzz --workers N}) share their campaign directory: an entry
 * is published by being written there, and the others' entries are the files that appeared since
 * the last look (AFL++'s secondary instances sync alike). Findings need no claim here: {@code
 * FindingStore} writes each once under the directory's lock.
 */
public final class PoolSync implements CampaignExchange {
  private final CorpusStore corpus;
  private final Quarantine quarantine;

  public PoolSync(CorpusStore corpus, Quarantine quarantine) {
    this.corpus = corpus;
    this.quarantine = quarantine;
  }

  @Override
  public void publish(CorpusEntry entry, Path file) {}

  @Override
  public List<SharedEntry> receive() throws IOException {
    List<SharedEntry> shared = new ArrayList<>();
    for (CorpusEntry e : corpus.loadNew(quarantine)) {
      shared.add(new SharedEntry(e.id(), e));
    }
    return shared;
  }

  // no hasArrivals: the others' files are looked for with each stats line, since a directory
  // listing is too dear before every run
}
