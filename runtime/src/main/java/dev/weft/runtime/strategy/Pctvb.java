package dev.weft.runtime.strategy;

import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.SchedulingPoint;
import dev.weft.runtime.api.Strategy;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.SplittableRandom;

/**
 * PCT with variable bounding (seed 001, PCTVB): like {@link Pct}, but the {@code d-1} priority
 * change points fall only on accesses to {@code v} variables chosen at random for the run, so a
 * variable touched rarely gets the same chance as one touched in every loop iteration. A variable
 * is a static field or an allocation site ({@link SchedulingPoint#pendingVariable}).
 *
 * <p>Per run: choose {@code v} distinct variables uniformly among those earlier runs accessed; with
 * {@code k_q} the most accesses to {@code q} one earlier run made, choose {@code d-1} distinct
 * elements of {@code S = {(q, j) : q chosen, 1 <= j <= k_q}} uniformly; the {@code i}-th chosen
 * {@code (q, j)} is a change point: right after a thread makes the {@code j}-th access of the run
 * to {@code q}, its priority drops to {@code i}. Initial priorities, the highest enabled thread
 * running, and the yield rule are PCT's. Until a run has been seen there are no variables, so the
 * first run has no change points.
 *
 * <p>{@code v} is {@code d-1} (at least 1): every change point may fall on a variable of its own,
 * and the paper's bugs have {@code v <= 2}.
 */
public final class Pctvb implements Strategy {
  private final int depth;
  private final int variables;
  private final int threadsBound;
  private final SplittableRandom random;
  private final Pct priorities;
  private final LongArrayList known = new LongArrayList();
  private final Long2IntOpenHashMap mostAccesses = new Long2IntOpenHashMap();
  private final Long2IntOpenHashMap accesses = new Long2IntOpenHashMap();
  private long[] chosen = new long[0];
  private long[] changePoints = new long[0];
  private int lastThread = -1;
  private long lastVariable;

  public Pctvb(int depth, long seed) {
    this(depth, seed, 0);
  }

  /**
   * @param threadsBound thread bounding (seed 001): with {@code t > 0}, only the accesses of {@code
   *     t} threads chosen per run are counted and can be change points; 0 for none
   */
  public Pctvb(int depth, long seed, int threadsBound) {
    if (depth < 1) {
      throw new IllegalArgumentException("PCTVB depth must be at least 1, got " + depth);
    }
    this.depth = depth;
    this.variables = Math.max(1, depth - 1);
    this.random = new SplittableRandom(seed);
    this.priorities = new Pct(depth, seed ^ 0x9C7B, threadsBound);
    this.threadsBound = threadsBound;
  }

  /** The variables chosen for the current run. */
  long[] chosenVariables() {
    return chosen.clone();
  }

  /** The current run's change points as {@code (variable index in chosen) << 32 | access}. */
  long[] changePoints() {
    return changePoints.clone();
  }

  @Override
  public void beginRun(long runNumber) {
    priorities.beginRunWithoutChangePoints();
    accesses.clear();
    lastThread = -1;
    int v = Math.min(variables, known.size());
    chosen = new long[v];
    long[] pool = known.toLongArray();
    for (int i = 0; i < v; i++) {
      int j = i + random.nextInt(pool.length - i);
      long tmp = pool[i];
      pool[i] = pool[j];
      pool[j] = tmp;
      chosen[i] = pool[i];
    }
    long total = 0;
    for (long q : chosen) {
      total += mostAccesses.get(q);
    }
    int points = (int) Math.min(depth - 1, total);
    changePoints = new long[points];
    for (int i = 0; i < points; i++) {
      long element;
      do {
        element = element(random.nextLong(total));
      } while (contains(changePoints, i, element));
      changePoints[i] = element;
    }
  }

  /** The {@code n}-th element of S, counting from 0, as {@code index << 32 | access}. */
  private long element(long n) {
    for (int r = 0; r < chosen.length; r++) {
      int k = mostAccesses.get(chosen[r]);
      if (n < k) {
        return ((long) r << 32) | (n + 1);
      }
      n -= k;
    }
    throw new IllegalStateException("element past the end of S");
  }

  private static boolean contains(long[] values, int count, long v) {
    for (int i = 0; i < count; i++) {
      if (values[i] == v) {
        return true;
      }
    }
    return false;
  }

  @Override
  public int choose(SchedulingPoint point) {
    if (lastThread >= 0
        && lastVariable != SchedulingPoint.NO_VARIABLE
        && priorities.inBound(lastThread)) {
      int count = accesses.addTo(lastVariable, 1) + 1;
      for (int r = 0; r < chosen.length; r++) {
        if (chosen[r] == lastVariable) {
          long element = ((long) r << 32) | count;
          for (int i = 0; i < changePoints.length; i++) {
            if (changePoints[i] == element) {
              priorities.lower(lastThread, i + 1);
            }
          }
        }
      }
    }
    int choice = priorities.choose(point);
    lastThread = point.threadAt(choice); // a thread woken spuriously, now and then
    lastVariable = point.pendingVariable(lastThread);
    return choice;
  }

  @Override
  public void endRun(RunResult result) {
    if (lastThread >= 0
        && lastVariable != SchedulingPoint.NO_VARIABLE
        && priorities.inBound(lastThread)) {
      accesses.addTo(lastVariable, 1);
    }
    for (var e : accesses.long2IntEntrySet()) {
      long q = e.getLongKey();
      int before = mostAccesses.get(q);
      if (before == 0) {
        known.add(q);
      }
      mostAccesses.put(q, Math.max(before, e.getIntValue()));
    }
    priorities.endRun(result);
  }

  @Override
  public String describe() {
    return "pctvb(d="
        + depth
        + ", v="
        + variables
        + (threadsBound > 0 ? ", t=" + threadsBound : "")
        + ")";
  }

  /** How the runs so far accessed each variable: {@code k_q}. */
  int mostAccesses(long variable) {
    return mostAccesses.get(variable);
  }
}
