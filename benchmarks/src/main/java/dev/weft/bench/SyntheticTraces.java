package dev.weft.bench;

import dev.weft.trace.EventKind;
import dev.weft.trace.Locations;
import dev.weft.trace.Trace;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Traces shaped like real runs, for benchmarks: the main thread starts the others, threads run in
 * bursts of 1-16 events, 70% of accesses go to a hot set of 32 shared fields and the rest to a pool
 * that grows with the trace, about a third are writes, and threads take one of four locks now and
 * then for 2-10 events. Sites are shared between threads (the same code run by several threads),
 * about 200 in all.
 */
public final class SyntheticTraces {
  private SyntheticTraces() {}

  public static Trace generate(int events, int threads, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    Trace trace = new Trace();
    int pool = Math.max(64, events / 50);
    int[] begin = new int[threads];
    for (int t = 1; t < threads; t++) {
      int start = trace.append(0, EventKind.THREAD_START, 1, Locations.NONE);
      begin[t] = trace.append(t, EventKind.THREAD_BEGIN, 0, Locations.NONE);
      trace.addCausalEdge(start, begin[t]);
    }
    int[] heldLock = new int[threads];
    int[] holdFor = new int[threads];
    int[] lockHolder = {-1, -1, -1, -1};
    java.util.Arrays.fill(heldLock, -1);
    int t = 0;
    int burst = 0;
    while (trace.size() < events) {
      if (burst == 0) {
        t = random.nextInt(threads);
        burst = 1 + random.nextInt(16);
      }
      burst--;
      if (heldLock[t] >= 0) {
        if (--holdFor[t] <= 0) {
          int l = heldLock[t];
          trace.append(t, EventKind.MONITOR_EXIT, 10 + l, Locations.of(1000 + l, -1));
          lockHolder[l] = -1;
          heldLock[t] = -1;
          continue;
        }
      } else if (random.nextInt(100) < 3) {
        int l = random.nextInt(4);
        if (lockHolder[l] < 0) {
          trace.append(t, EventKind.MONITOR_ENTER, 20 + l, Locations.of(1000 + l, -1));
          lockHolder[l] = t;
          heldLock[t] = l;
          holdFor[t] = 2 + random.nextInt(9);
          continue;
        }
      }
      int field = random.nextInt(100) < 70 ? random.nextInt(32) : random.nextInt(pool);
      boolean write = random.nextInt(3) == 0;
      int site = 100 + (field % 96) * 2 + (write ? 1 : 0);
      trace.append(
          t,
          write ? EventKind.WRITE : EventKind.READ,
          site,
          Locations.of(2 + field / 8, field % 8));
    }
    return trace;
  }

  public static List<String> threadNames(int threads) {
    List<String> names = new ArrayList<>();
    names.add("main");
    for (int t = 1; t < threads; t++) {
      names.add("main." + t);
    }
    return names;
  }

  /** Site ids stand for themselves as stable keys. */
  public static long siteKey(int site) {
    return 0x9E3779B97F4A7C15L * (site + 1);
  }
}
