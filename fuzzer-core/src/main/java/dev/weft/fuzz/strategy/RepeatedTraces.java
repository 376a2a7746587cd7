package dev.weft.fuzz.strategy;

import dev.weft.runtime.api.RunResult;
import dev.weft.trace.EventKind;
import dev.weft.trace.StableHash;
import dev.weft.trace.Trace;
import it.unimi.dsi.fastutil.longs.Long2IntMap;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.Arrays;

/**
 * Fingerprints of the traces segment has analysed whole, up to what the analysis cannot tell apart.
 * A fresh run whose trace repeats one of them cannot add a coverage key (the analysis gives the
 * same keys, all covered since), so it plans nothing and its lock-order inversions were planned
 * already: its analysis, most of a run's cost, can be skipped without changing any later decision.
 *
 * <p>The analysis reads the order of a run's events across threads only among the events on
 * locations that some event of the run writes (monitors included): conflict edges, reads-from,
 * which edges come first (by their sources) and which are nearest one another all join such events,
 * and lock-order cycles are ordered by their monitor enters. A read of a location no one writes,
 * and a thread's start, end or join, can sit anywhere between them (causal edges aside) without
 * changing the graph but for the numbering of its vertices. So the {@link Fingerprint#ordered}
 * fingerprint covers each thread's events (kind, site, location), the order of the events on
 * written locations, the causal edges and the thread names.
 *
 * <p>Across locations, the order matters only where the enumeration starts pairs at the first few
 * edges of a pair of sites (which edges come first) and where it stops at its cap: a run whose
 * every edge started pairs, uncapped, has the keys of any run with the same order on each location
 * and of the monitor enters ({@link Fingerprint#perLocation}), which is remembered for such runs
 * only.
 *
 * <p>Bounded: past {@value #MAX} fingerprints a set starts again (about 16 MB at most each).
 */
final class RepeatedTraces {
  static final int MAX = 1 << 20;

  private static final long SEED = 0x51ED_7EACL;
  private static final long CAUSAL = 0x4341_5553L;
  private static final long LOCATION = 0x4C4F_4341L;

  /**
   * A run's two fingerprints: with the order of all events on written locations, and with each
   * written location's order (and the monitor enters') apart.
   */
  record Fingerprint(long ordered, long perLocation) {}

  private final LongOpenHashSet ordered = new LongOpenHashSet();
  private final LongOpenHashSet perLocation = new LongOpenHashSet();

  static Fingerprint fingerprint(RunResult result) {
    Trace t = result.trace();
    int n = t.size();
    // locations numbered as they come, to find the written ones and keep their orders apart
    Long2IntOpenHashMap numbers = new Long2IntOpenHashMap();
    numbers.defaultReturnValue(-1);
    int[] locationOf = new int[n];
    boolean[] written = new boolean[16];
    int threads = 0;
    for (int e = 0; e < n; e++) {
      threads = Math.max(threads, t.thread(e) + 1);
      int l = numbers.putIfAbsent(t.location(e), numbers.size());
      if (l < 0) {
        l = numbers.size() - 1;
        if (l == written.length) {
          written = Arrays.copyOf(written, 2 * l);
        }
      }
      locationOf[e] = l;
      written[l] |= t.kind(e).writes();
    }
    long[] byThread = new long[threads];
    long[] byLocation = new long[numbers.size()];
    long order = mix(SEED, n);
    long enters = mix(SEED, n);
    for (int e = 0; e < n; e++) {
      int thread = t.thread(e);
      EventKind kind = t.kind(e);
      byThread[thread] =
          mix(
              mix(byThread[thread], (long) kind.ordinal() << 32 | (t.site(e) & 0xFFFF_FFFFL)),
              t.location(e));
      int l = locationOf[e];
      if (written[l]) {
        long position = (long) thread << 32 | t.indexInThread(e);
        order = mix(order, position);
        byLocation[l] = mix(byLocation[l], position);
        if (kind == EventKind.MONITOR_ENTER || kind == EventKind.WAKE) {
          enters = mix(enters, position);
        }
      }
    }
    // the locations' orders and the causal edges (by their ends' places in their threads) as
    // sets: summed
    long apart = 0;
    for (Long2IntMap.Entry location : numbers.long2IntEntrySet()) {
      int l = location.getIntValue();
      if (written[l]) {
        apart += mix(mix(LOCATION, location.getLongKey()), byLocation[l]);
      }
    }
    long causal = 0;
    for (int c = 0; c < t.causalEdgeCount(); c++) {
      int before = t.causalEdgeSource(c);
      int after = t.causalEdgeTarget(c);
      causal +=
          mix(
              mix(CAUSAL, (long) t.thread(before) << 32 | t.indexInThread(before)),
              (long) t.thread(after) << 32 | t.indexInThread(after));
    }
    long common = causal;
    for (long thread : byThread) {
      common = mix(common, thread);
    }
    for (String name : result.threadNames()) {
      common = StableHash.mix(common, name);
    }
    return new Fingerprint(mix(common, order), mix(mix(common, apart), enters));
  }

  /**
   * One multiply per word: hashing each byte apart (as {@link StableHash} does for keys that must
   * not change between versions) took a sixth of a 50-thread run's analysis. A fingerprint lives
   * only as long as the campaign, so it need not be stable.
   */
  private static long mix(long h, long word) {
    h = (h ^ word) * 0x9E37_79B9_7F4A_7C15L;
    return h ^ (h >>> 29);
  }

  /** Whether the analysis of a run with this fingerprint would repeat one done. */
  boolean seen(Fingerprint fingerprint) {
    return ordered.contains(fingerprint.ordered) || perLocation.contains(fingerprint.perLocation);
  }

  /**
   * Remembers an analysed run's fingerprint; its {@link Fingerprint#perLocation} one only when
   * {@code orderFree}: every edge started pairs and the enumeration was not cut at its cap.
   */
  void analysed(Fingerprint fingerprint, boolean orderFree) {
    remember(ordered, fingerprint.ordered);
    if (orderFree) {
      remember(perLocation, fingerprint.perLocation);
    }
  }

  private static void remember(LongOpenHashSet set, long fingerprint) {
    if (set.size() >= MAX) {
      set.clear();
    }
    set.add(fingerprint);
  }
}
