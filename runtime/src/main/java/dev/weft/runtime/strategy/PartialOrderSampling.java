package dev.weft.runtime.strategy;

import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.SchedulingPoint;
import dev.weft.runtime.api.Strategy;
import dev.weft.trace.EventKind;
import dev.weft.trace.Locations;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Partial order sampling (POS, Yuan, Yang and Gu, CAV 2018): every pending event gets a random
 * priority and the enabled thread whose event has the highest one runs; after an event runs, the
 * pending events that race with it (same location, at least one writes) draw new priorities. A
 * random walk samples interleavings that differ only in the order of independent events many times
 * over and reaches a given order of racing events with a probability that falls with the length of
 * the run; re-drawing only the racing events makes every partial order of races about equally
 * likely, whatever the number of independent events between them.
 */
public final class PartialOrderSampling implements Strategy {
  private final SplittableRandom random;
  private final SpuriousWakeups spurious;
  private double[] priority = new double[8];
  private int[] drawnFor = new int[8];
  private int lastThread = -1;
  private EventKind lastKind;
  private long lastLocation = Locations.NONE;

  public PartialOrderSampling(long seed) {
    this.random = new SplittableRandom(seed);
    this.spurious = new SpuriousWakeups(seed);
  }

  @Override
  public void beginRun(long runNumber) {
    Arrays.fill(drawnFor, -1);
    lastThread = -1;
    lastKind = null;
    lastLocation = Locations.NONE;
  }

  @Override
  public int choose(SchedulingPoint point) {
    int woken = spurious.choose(point);
    if (woken >= 0) {
      return woken;
    }
    int n = point.enabledCount();
    int best = 0;
    double bestPriority = -1;
    for (int i = 0; i < n; i++) {
      int t = point.enabledThread(i);
      grow(t);
      int index = point.pendingIndexInThread(t);
      if (drawnFor[t] != index || racesWithLast(point, t)) {
        priority[t] = random.nextDouble();
        drawnFor[t] = index;
      }
      if (priority[t] > bestPriority) {
        bestPriority = priority[t];
        best = i;
      }
    }
    int chosen = point.enabledThread(best);
    lastThread = chosen;
    lastKind = point.pendingKind(chosen);
    lastLocation = point.pendingLocation(chosen);
    return best;
  }

  /** Whether the pending event of {@code t} races with the event chosen last. */
  private boolean racesWithLast(SchedulingPoint point, int t) {
    if (t == lastThread || lastKind == null || lastLocation == Locations.NONE) {
      return false;
    }
    EventKind kind = point.pendingKind(t);
    return point.pendingLocation(t) == lastLocation
        && kind.isAccess()
        && lastKind.isAccess()
        && (kind.writes() || lastKind.writes());
  }

  private void grow(int t) {
    if (t >= priority.length) {
      int size = Math.max(t + 1, priority.length * 2);
      int old = drawnFor.length;
      priority = Arrays.copyOf(priority, size);
      drawnFor = Arrays.copyOf(drawnFor, size);
      Arrays.fill(drawnFor, old, size, -1);
    }
  }

  @Override
  public void endRun(RunResult result) {
    // nothing carries over: priorities are drawn again in the next run
  }

  @Override
  public String describe() {
    return "pos";
  }
}
