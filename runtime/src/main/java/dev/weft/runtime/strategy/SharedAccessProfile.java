package dev.weft.runtime.strategy;

import dev.weft.runtime.api.SchedulingPoint;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import it.unimi.dsi.fastutil.objects.Object2IntMap;
import it.unimi.dsi.fastutil.objects.Object2IntMaps;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * What SURW learns about a program across runs: which variables are shared (accessed by two threads
 * in one run, and written by one of them: a variable only read cannot race), and how many accesses
 * each thread, by stable name, made to each of them: the most in one run, so that a run cut short
 * by a failure or a read that took another branch does not lower the estimate. SURW selects the
 * variable whose accesses are a run's interesting events from these counts and weighs the threads
 * with them; the counts are the estimates of events left that uniform sampling needs.
 */
final class SharedAccessProfile {
  /** The shared variables, in the order they were found (a deterministic order to draw from). */
  private final LongArrayList shared = new LongArrayList();

  private final LongOpenHashSet sharedSet = new LongOpenHashSet();
  private final Long2ObjectOpenHashMap<Object2IntOpenHashMap<String>> most =
      new Long2ObjectOpenHashMap<>();
  private final Long2LongOpenHashMap totals = new Long2LongOpenHashMap();

  // this run's accesses, by thread index
  private final Long2ObjectOpenHashMap<int[]> runCounts = new Long2ObjectOpenHashMap<>();
  private final Long2IntOpenHashMap firstThread = new Long2IntOpenHashMap();
  private final LongOpenHashSet touchedByTwo = new LongOpenHashSet();
  private final LongOpenHashSet written = new LongOpenHashSet();

  SharedAccessProfile() {
    firstThread.defaultReturnValue(-1);
  }

  /** Thread {@code thread} accessed {@code variable} in this run. */
  void access(long variable, int thread, boolean writes) {
    if (variable == SchedulingPoint.NO_VARIABLE) {
      return;
    }
    int[] counts = runCounts.get(variable);
    if (counts == null) {
      counts = new int[Math.max(4, thread + 1)];
      runCounts.put(variable, counts);
    } else if (thread >= counts.length) {
      counts = Arrays.copyOf(counts, Math.max(thread + 1, counts.length * 2));
      runCounts.put(variable, counts);
    }
    counts[thread]++;
    int first = firstThread.putIfAbsent(variable, thread);
    if (first >= 0 && first != thread) {
      touchedByTwo.add(variable);
    }
    if (writes) {
      written.add(variable);
    }
  }

  /**
   * The run ended: its shared variables join the profile and the counts of every shared variable it
   * accessed are merged in. {@code names} gives the stable name of each thread index.
   */
  void endRun(String[] names) {
    for (long v : touchedByTwo) {
      if (written.contains(v) && sharedSet.add(v)) {
        shared.add(v);
      }
    }
    for (Long2ObjectOpenHashMap.Entry<int[]> e : runCounts.long2ObjectEntrySet()) {
      long v = e.getLongKey();
      if (!sharedSet.contains(v)) {
        continue;
      }
      int[] counts = e.getValue();
      Object2IntOpenHashMap<String> byName =
          most.computeIfAbsent(v, k -> new Object2IntOpenHashMap<>());
      long total = 0;
      for (int t = 0; t < counts.length; t++) {
        if (counts[t] > 0 && t < names.length && names[t] != null) {
          byName.put(names[t], Math.max(byName.getInt(names[t]), counts[t]));
        }
      }
      for (Object2IntMap.Entry<String> c : byName.object2IntEntrySet()) {
        total += c.getIntValue();
      }
      totals.put(v, total);
    }
    runCounts.clear();
    firstThread.clear();
    touchedByTwo.clear();
    written.clear();
  }

  /**
   * One shared variable, drawn with probability proportional to its accesses (the sum over threads
   * of their estimates), or {@link SchedulingPoint#NO_VARIABLE} when none is known yet.
   */
  long select(SplittableRandom random) {
    long sum = 0;
    for (int i = 0; i < shared.size(); i++) {
      sum += totals.get(shared.getLong(i));
    }
    if (sum <= 0) {
      return SchedulingPoint.NO_VARIABLE;
    }
    long draw = random.nextLong(sum);
    for (int i = 0; i < shared.size(); i++) {
      long v = shared.getLong(i);
      draw -= totals.get(v);
      if (draw < 0) {
        return v;
      }
    }
    return shared.getLong(shared.size() - 1);
  }

  /** The most accesses to {@code variable} each thread made in one run, by stable name. */
  Object2IntMap<String> estimates(long variable) {
    Object2IntOpenHashMap<String> counts = most.get(variable);
    return counts == null ? Object2IntMaps.emptyMap() : counts;
  }

  /** Whether {@code variable} is known to be shared. */
  boolean isShared(long variable) {
    return sharedSet.contains(variable);
  }
}
