package dev.weft.fuzz.strategy;

import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.trace.StableHash;
import dev.weft.runtime.trace.Trace;
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
 * changing the graph but for the numbering of its vertices. So the fingerprint covers each thread's
 * events (kind, site, location), the order of the events on written locations, the causal edges and
 * the thread names, and two runs that differ only in where the others fell share it: on a
 * two-thread counter whose workers read a flag no one writes, 78% of a campaign's fresh runs had
 * the fingerprint of a trace analysed before, where 44% repeated one exactly.
 *
 * <p>Bounded: past {@value #MAX} fingerprints the set starts again (about 16 MB at most).
 */
final class RepeatedTraces {
  static final int MAX = 1 << 20;

  private static final long SEED = 0x51ED_7EACL;
  private static final long CAUSAL = 0x4341_5553L;

  private final LongOpenHashSet analysed = new LongOpenHashSet();

  static long fingerprint(RunResult result) {
    Trace t = result.trace();
    int n = t.size();
    // locations numbered as they come, to find the written ones
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
    long order = mix(SEED, n);
    for (int e = 0; e < n; e++) {
      int thread = t.thread(e);
      byThread[thread] =
          mix(
              mix(byThread[thread], (long) t.kind(e).ordinal() << 32 | (t.site(e) & 0xFFFF_FFFFL)),
              t.location(e));
      if (written[locationOf[e]]) {
        order = mix(order, (long) thread << 32 | t.indexInThread(e));
      }
    }
    // causal edges by their ends' places in their threads, as a set: summed
    long causal = 0;
    for (int c = 0; c < t.causalEdgeCount(); c++) {
      int before = t.causalEdgeSource(c);
      int after = t.causalEdgeTarget(c);
      causal +=
          mix(
              mix(CAUSAL, (long) t.thread(before) << 32 | t.indexInThread(before)),
              (long) t.thread(after) << 32 | t.indexInThread(after));
    }
    long h = mix(order, causal);
    for (long thread : byThread) {
      h = mix(h, thread);
    }
    for (String name : result.threadNames()) {
      h = StableHash.mix(h, name);
    }
    return h;
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

  boolean seen(long fingerprint) {
    return analysed.contains(fingerprint);
  }

  void analysed(long fingerprint) {
    if (analysed.size() >= MAX) {
      analysed.clear();
    }
    analysed.add(fingerprint);
  }
}
