package dev.weft.fuzz.strategy;

import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.trace.StableHash;
import dev.weft.runtime.trace.Trace;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;

/**
 * Fingerprints of the traces segment has analysed whole. A fresh run whose trace repeats one of
 * them cannot add a coverage key (the analysis of the same trace gives the same keys, all covered
 * since), so it plans nothing and its lock-order inversions were planned already: its analysis,
 * most of a run's cost on a real library, can be skipped without changing any later decision. On
 * small programs samplers repeat traces often (PCT on a pool library: one fresh run in four).
 *
 * <p>A fingerprint covers what the analysis reads: every event's thread, kind, site and location,
 * the causal edges and the thread names. Bounded: past {@value #MAX} fingerprints the set starts
 * again (about 16 MB at most).
 */
final class RepeatedTraces {
  static final int MAX = 1 << 20;

  private final LongOpenHashSet analysed = new LongOpenHashSet();

  static long fingerprint(RunResult result) {
    Trace t = result.trace();
    long h = mix(0x51ED_7EACL, t.size());
    for (int i = 0; i < t.size(); i++) {
      h =
          mix(
              h,
              ((long) t.thread(i) << 40)
                  ^ ((long) t.kind(i).ordinal() << 32)
                  ^ (t.site(i) & 0xFFFF_FFFFL));
      h = mix(h, t.location(i));
    }
    for (int e = 0; e < t.causalEdgeCount(); e++) {
      h = mix(h, ((long) t.causalEdgeSource(e) << 32) ^ (t.causalEdgeTarget(e) & 0xFFFF_FFFFL));
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
