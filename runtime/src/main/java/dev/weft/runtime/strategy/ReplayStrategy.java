package dev.weft.runtime.strategy;

import dev.weft.runtime.api.HeldBackChoice;
import dev.weft.runtime.api.SchedulingPoint;
import dev.weft.runtime.api.Strategy;

/**
 * Re-issues recorded decisions. A run is determined by the target and the thread chosen at each
 * point with more than one enabled thread, so following the same choices reproduces it; a recorded
 * thread that is not enabled, or running out of decisions, means the target itself is
 * nondeterministic and the scheduler reports a divergence. A held-back thread chosen by a plan is
 * recorded with the number of its point ({@link HeldBackChoice}) and chosen again exactly there, as
 * is a thread woken spuriously.
 */
public final class ReplayStrategy implements Strategy {
  private final int[] decisions;
  private int next;
  private int points;

  public ReplayStrategy(int[] decisions) {
    this.decisions = decisions.clone();
  }

  @Override
  public void beginRun(long runNumber) {
    next = 0;
    points = 0;
  }

  @Override
  public int choose(SchedulingPoint point) {
    int here = points++;
    int n = point.enabledCount();
    if (next + 1 < decisions.length
        && HeldBackChoice.isMarker(decisions[next])
        && decisions[next + 1] == here) {
      int wanted = HeldBackChoice.thread(decisions[next]);
      next += 2;
      int held = point.heldBackCount();
      for (int i = 0; i < held; i++) {
        if (point.heldBackThread(i) == wanted) {
          return n + i;
        }
      }
      for (int i = 0; i < point.spuriousCount(); i++) {
        if (point.spuriousThread(i) == wanted) {
          return n + held + i;
        }
      }
      return -1;
    }
    if (n == 1) {
      return 0;
    }
    if (next >= decisions.length) {
      return -1;
    }
    int wanted = decisions[next++];
    for (int i = 0; i < n; i++) {
      if (point.enabledThread(i) == wanted) {
        return i;
      }
    }
    return -1;
  }

  @Override
  public String describe() {
    return "replay";
  }
}
