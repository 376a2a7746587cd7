package dev.weft.runtime.strategy;

import dev.weft.runtime.api.SchedulingPoint;
import dev.weft.runtime.api.Strategy;

/**
 * Re-issues a run's recorded decisions and then goes on where they end: a run cut short by a budget
 * recorded no decision past the point where it was cut, and a run given more budget to see whether
 * it really hangs must go further than that. Past the recorded decisions (or from the first one
 * that no longer fits, should the program not repeat itself) every thread gets its turn in order,
 * so that threads that wait for each other by spinning are not starved into a hang of the
 * strategy's own making.
 */
public final class ReplayThenRoundRobin implements Strategy {
  private final ReplayStrategy replay;
  private boolean replaying;
  private int last = -1;

  public ReplayThenRoundRobin(int[] decisions) {
    this.replay = new ReplayStrategy(decisions);
  }

  @Override
  public void beginRun(long runNumber) {
    replay.beginRun(runNumber);
    replaying = true;
    last = -1;
  }

  @Override
  public int choose(SchedulingPoint point) {
    if (replaying) {
      int choice = replay.choose(point);
      if (choice >= 0) {
        if (choice < point.enabledCount()) {
          last = point.enabledThread(choice);
        }
        return choice;
      }
      replaying = false;
    }
    return nextInTurn(point);
  }

  /** The enabled thread with the lowest index above the last chosen one, else the lowest. */
  private int nextInTurn(SchedulingPoint point) {
    int n = point.enabledCount();
    int after = -1;
    int lowest = -1;
    for (int i = 0; i < n; i++) {
      int thread = point.enabledThread(i);
      if (lowest < 0 || thread < point.enabledThread(lowest)) {
        lowest = i;
      }
      if (thread > last && (after < 0 || thread < point.enabledThread(after))) {
        after = i;
      }
    }
    int choice = after >= 0 ? after : lowest;
    if (choice >= 0) {
      last = point.enabledThread(choice);
    }
    return choice;
  }

  @Override
  public String describe() {
    return "replay, then round-robin";
  }
}
