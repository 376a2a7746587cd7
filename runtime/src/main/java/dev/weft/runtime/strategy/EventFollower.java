package dev.weft.runtime.strategy;

import dev.weft.runtime.api.SchedulingPoint;
import dev.weft.runtime.api.Strategy;

/**
 * Follows a run event by event rather than decision by decision: at every point it picks the thread
 * that executed the next event in the run followed, if that thread can run; otherwise the current
 * thread goes on, or the first that can. Recorded decisions fit only a run with exactly the same
 * choice points; where a run under other conditions (its classes defined afresh) has a choice point
 * more or fewer, a {@link ReplayStrategy} diverges and says nothing about whether the run's failure
 * would have come back. Following the events keeps to the same interleaving through such
 * differences, so that a failure that comes back is known to be reachable under those conditions
 * too.
 */
public final class EventFollower implements Strategy {
  /** For each thread, the positions in the run followed of its events, in its program order. */
  private final int[][] positions;

  /** Follows the run whose events were executed by these threads, in order. */
  public EventFollower(int[] threadOfEvent) {
    int threads = 0;
    for (int t : threadOfEvent) {
      threads = Math.max(threads, t + 1);
    }
    int[] counts = new int[threads];
    for (int t : threadOfEvent) {
      counts[t]++;
    }
    positions = new int[threads][];
    for (int t = 0; t < threads; t++) {
      positions[t] = new int[counts[t]];
      counts[t] = 0;
    }
    for (int e = 0; e < threadOfEvent.length; e++) {
      int t = threadOfEvent[e];
      positions[t][counts[t]++] = e;
    }
  }

  @Override
  public int choose(SchedulingPoint point) {
    int wanted = nextInRunFollowed(point);
    int n = point.enabledCount();
    int current = -1;
    for (int i = 0; i < n; i++) {
      int t = point.enabledThread(i);
      if (t == wanted) {
        return i;
      }
      if (t == point.currentThread()) {
        current = i;
      }
    }
    for (int i = 0; i < point.heldBackCount(); i++) {
      if (point.heldBackThread(i) == wanted) {
        return n + i;
      }
    }
    return current >= 0 ? current : 0;
  }

  /**
   * The thread whose pending event comes first in the run followed (events are counted per thread,
   * so that a point more or fewer, or an attempt that records nothing, does not shift the count),
   * or -1 once every thread is past it.
   */
  private int nextInRunFollowed(SchedulingPoint point) {
    int wanted = -1;
    int earliest = Integer.MAX_VALUE;
    int threads = Math.min(point.threadCount(), positions.length);
    for (int t = 0; t < threads; t++) {
      int index = point.pendingIndexInThread(t);
      if (index >= 0 && index < positions[t].length && positions[t][index] < earliest) {
        earliest = positions[t][index];
        wanted = t;
      }
    }
    return wanted;
  }

  @Override
  public String describe() {
    return "follow events";
  }
}
