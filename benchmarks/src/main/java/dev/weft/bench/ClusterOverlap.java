package dev.weft.bench;

import dev.weft.corpus.campaign.CorpusEntry;
import dev.weft.corpus.campaign.CorpusEntryFile;
import dev.weft.corpus.campaign.CorpusStore;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the members of a cluster found twice, from their campaign directories after a run of {@code
 * scripts/bench-cluster}: the question is whether a cluster-wide map of coverage keys to the entry
 * that first reached them would pay. Members take in each other's entries (and so their keys) every
 * few seconds; in between, a member may reach a key another reached already and write an entry for
 * it. A key map consulted before each write would spare exactly those entries whose every key
 * another member had reached before (by the entries' wall times), at the price of a round trip per
 * entry and a write per key. Prints both, and how late such entries came after the other member's.
 *
 * <p>Arguments: the members' campaign directories.
 */
public final class ClusterOverlap {
  private ClusterOverlap() {}

  private record Found(int member, CorpusEntry entry) {}

  public static void main(String[] args) throws IOException {
    List<Found> all = new ArrayList<>();
    for (int m = 0; m < args.length; m++) {
      for (Path file : CorpusStore.entryFiles(Path.of(args[m]).resolve("corpus"))) {
        all.add(new Found(m, CorpusEntryFile.read(file)));
      }
    }
    all.sort(Comparator.comparingLong(f -> f.entry().wallTimeMillis()));
    Map<Long, Found> first = new HashMap<>();
    long keysWritten = 0;
    long keysTwice = 0;
    long entriesTwice = 0;
    List<Long> lags = new ArrayList<>();
    long start = all.isEmpty() ? 0 : all.get(0).entry().wallTimeMillis();
    long twiceEarly = 0;
    for (Found f : all) {
      long[] keys = f.entry().coverageKeys();
      boolean everyKeyElsewhere = keys.length > 0;
      long latest = 0;
      for (long k : keys) {
        keysWritten++;
        Found earlier = first.putIfAbsent(k, f);
        if (earlier == null || earlier.member() == f.member()) {
          everyKeyElsewhere = false;
        } else {
          keysTwice++;
          latest = Math.max(latest, earlier.entry().wallTimeMillis());
        }
      }
      if (everyKeyElsewhere) {
        entriesTwice++;
        if (f.entry().wallTimeMillis() - start < 10_000) {
          twiceEarly++;
        }
        lags.add(f.entry().wallTimeMillis() - latest);
      }
    }
    lags.sort(null);
    System.out.printf(
        "%d member(s): %d entries written, %d keys in them (%d distinct); %d keys (%.1f%%) reached"
            + " earlier by another member; %d entries (%.1f%%) whose every key another member"
            + " reached earlier",
        args.length,
        all.size(),
        keysWritten,
        first.size(),
        keysTwice,
        100.0 * keysTwice / Math.max(1, keysWritten),
        entriesTwice,
        100.0 * entriesTwice / Math.max(1, all.size()));
    if (!lags.isEmpty()) {
      System.out.printf(
          ", written a median %.1f s (max %.1f s) after; %d of them in the first 10 s",
          lags.get(lags.size() / 2) / 1e3, lags.get(lags.size() - 1) / 1e3, twiceEarly);
    }
    System.out.printf(
        "%n  a key map would have cost %d lookups (one per entry) and %d key writes%n",
        all.size(), keysWritten);
  }
}
