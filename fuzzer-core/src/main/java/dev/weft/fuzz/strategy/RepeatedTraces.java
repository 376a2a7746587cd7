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
    long h = StableHash.mixInt(0x51ED_7EACL, t.size());
    for (int i = 0; i < t.size(); i++) {
      h = StableHash.mixInt(h, t.thread(i));
      h = StableHash.mixInt(h, t.kind(i).ordinal());
      h = StableHash.mixInt(h, t.site(i));
      h = StableHash.mixLong(h, t.location(i));
    }
    for (int e = 0; e < t.causalEdgeCount(); e++) {
      h = StableHash.mixInt(h, t.causalEdgeSource(e));
      h = StableHash.mixInt(h, t.causalEdgeTarget(e));
    }
    for (String name : result.threadNames()) {
      h = StableHash.mix(h, name);
    }
    return h;
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
