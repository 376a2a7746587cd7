package dev.weft.fuzz.session;

import dev.weft.corpus.campaign.CorpusEntry;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The entries a resumed session mutates again first, as AFL++ marks entries "favored": for every
 * coverage key, the cheapest entry that holds it (fewest scheduling decisions, then the most
 * recent), so that a small set covers every key; newest first, since recent discoveries are where
 * the campaign was going; at most {@value #MAX} of them.
 */
final class FavouredEntries {
  static final int MAX = 1_000;

  private FavouredEntries() {}

  static List<CorpusEntry> of(List<CorpusEntry> entries) {
    Comparator<CorpusEntry> cheaper =
        Comparator.<CorpusEntry>comparingInt(e -> e.decisions().length)
            .thenComparing(Comparator.comparingLong(CorpusEntry::wallTimeMillis).reversed());
    Long2ObjectOpenHashMap<CorpusEntry> best = new Long2ObjectOpenHashMap<>();
    for (CorpusEntry e : entries) {
      for (long key : e.coverageKeys()) {
        CorpusEntry held = best.get(key);
        if (held == null || cheaper.compare(e, held) < 0) {
          best.put(key, e);
        }
      }
    }
    Map<CorpusEntry, Boolean> chosen = new IdentityHashMap<>();
    best.values().forEach(e -> chosen.put(e, true));
    List<CorpusEntry> favoured = new ArrayList<>(chosen.keySet());
    favoured.sort(
        Comparator.comparingLong(CorpusEntry::wallTimeMillis)
            .thenComparingLong(CorpusEntry::execution)
            .reversed());
    return List.copyOf(favoured.subList(0, Math.min(MAX, favoured.size())));
  }
}
