package dev.weft.fuzz.cmin;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Chooses the entries to keep: a subset whose keys together are all the keys of all entries,
 * preferring cheap entries, as AFL++'s {@code afl-cmin} does. For each key, the cheapest entry that
 * has it is its candidate; keys are visited in order and a key not covered yet brings its candidate
 * in with all its keys. Then any kept entry whose keys the others all have is dropped, the most
 * expensive first. Ties are broken by the entry's name, so the choice is the same every time and a
 * second minimisation keeps everything the first one kept.
 */
final class CoverSelection {
  private static final Comparator<ConfirmedEntry> CHEAPEST =
      Comparator.comparingInt(ConfirmedEntry::steps)
          .thenComparingInt(e -> e.entry().decisions().length)
          .thenComparing(e -> e.entry().id());

  private CoverSelection() {}

  static List<ConfirmedEntry> select(List<ConfirmedEntry> entries) {
    List<ConfirmedEntry> byCost = new ArrayList<>(entries);
    byCost.sort(CHEAPEST);
    Long2ObjectOpenHashMap<ConfirmedEntry> cheapest = new Long2ObjectOpenHashMap<>();
    LongOpenHashSet all = new LongOpenHashSet();
    for (ConfirmedEntry e : byCost) {
      for (long k : e.keys()) {
        all.add(k);
        cheapest.putIfAbsent(k, e);
      }
    }
    long[] keys = all.toLongArray();
    Arrays.sort(keys);
    LongOpenHashSet covered = new LongOpenHashSet();
    Set<ConfirmedEntry> kept = new LinkedHashSet<>();
    for (long k : keys) {
      if (!covered.contains(k)) {
        ConfirmedEntry e = cheapest.get(k);
        kept.add(e);
        for (long other : e.keys()) {
          covered.add(other);
        }
      }
    }
    return dropRedundant(kept);
  }

  private static List<ConfirmedEntry> dropRedundant(Set<ConfirmedEntry> kept) {
    Long2IntOpenHashMap holders = new Long2IntOpenHashMap();
    for (ConfirmedEntry e : kept) {
      for (long k : e.keys()) {
        holders.addTo(k, 1);
      }
    }
    List<ConfirmedEntry> dearestFirst = new ArrayList<>(kept);
    dearestFirst.sort(CHEAPEST.reversed());
    List<ConfirmedEntry> out = new ArrayList<>();
    for (ConfirmedEntry e : dearestFirst) {
      boolean redundant = true;
      for (long k : e.keys()) {
        if (holders.get(k) < 2) {
          redundant = false;
          break;
        }
      }
      if (redundant) {
        for (long k : e.keys()) {
          holders.addTo(k, -1);
        }
      } else {
        out.add(e);
      }
    }
    out.sort(Comparator.comparing(e -> e.entry().id()));
    return out;
  }
}
