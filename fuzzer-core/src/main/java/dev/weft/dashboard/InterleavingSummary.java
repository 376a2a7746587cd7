package dev.weft.dashboard;

import dev.weft.corpus.campaign.CodeSite;
import dev.weft.corpus.campaign.InterleavingMap;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The interleaving map shaped for the page: the pairs a user should look at first (those seen in
 * one order only whose other order can happen, where the fuzzer has not yet interleaved the code
 * both ways), then the lock pairs whose other order cannot happen ({@link LockOrder}), then the
 * rest; and for each source file its lines with how many of their pairs were seen both ways, can
 * run one way only, and were realised by a planned segment, which the heat view colours.
 */
final class InterleavingSummary {
  /** Pairs listed in the table; the rest are counted. */
  static final int LISTED_PAIRS = 2000;

  /** One line of a source file in the heat view. */
  record LineHeat(int line, int pairs, int bothOrders, int realised, int oneOrderOnly) {}

  final List<InterleavingMap.Pair> listed;
  final int pairs;
  final int bothOrders;
  final int realised;

  /** Pairs seen in one order whose other order cannot happen: nothing left to explore. */
  final int oneOrderOnly;

  private final LockOrder lockOrder;
  final Map<String, Map<Integer, LineHeat>> files = new TreeMap<>();

  InterleavingSummary(InterleavingMap map) {
    List<InterleavingMap.Pair> all = new ArrayList<>(map.pairs());
    lockOrder = new LockOrder(all);
    all.sort(
        Comparator.comparingInt(this::rank)
            .thenComparing(p -> -(p.aFirst() + p.bFirst()))
            .thenComparing(InterleavingMap.Pair::a)
            .thenComparing(InterleavingMap.Pair::b));
    pairs = all.size();
    int both = 0;
    int real = 0;
    int oneWay = 0;
    for (InterleavingMap.Pair p : all) {
      both += p.bothOrders() ? 1 : 0;
      oneWay += oneOrderOnly(p) ? 1 : 0;
      real += p.realised() ? 1 : 0;
      heat(p.a(), p);
      if (!p.b().equals(p.a())) {
        heat(p.b(), p);
      }
    }
    bothOrders = both;
    realised = real;
    oneOrderOnly = oneWay;
    listed = all.subList(0, Math.min(LISTED_PAIRS, all.size()));
  }

  boolean oneOrderOnly(InterleavingMap.Pair p) {
    return lockOrder.oneOrderOnly(p);
  }

  /** Unexplored pairs first, then those that run one way only, then those seen both ways. */
  private int rank(InterleavingMap.Pair p) {
    return p.bothOrders() ? 2 : oneOrderOnly(p) ? 1 : 0;
  }

  private void heat(CodeSite site, InterleavingMap.Pair p) {
    files
        .computeIfAbsent(site.file(), f -> new TreeMap<>())
        .merge(
            site.line(),
            new LineHeat(
                site.line(),
                1,
                p.bothOrders() ? 1 : 0,
                p.realised() ? 1 : 0,
                oneOrderOnly(p) ? 1 : 0),
            (x, y) ->
                new LineHeat(
                    x.line(),
                    x.pairs() + y.pairs(),
                    x.bothOrders() + y.bothOrders(),
                    x.realised() + y.realised(),
                    x.oneOrderOnly() + y.oneOrderOnly()));
  }
}
