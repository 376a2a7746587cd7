package dev.weft.fuzz.strategy;

import dev.weft.graph.mutation.Schedule;
import dev.weft.runtime.api.SchedulingPoint;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.trace.EventKind;
import java.util.Arrays;

/**
 * Follows a {@link Schedule} computed from an earlier run.
 *
 * <p>Policy, also where the run diverges from the schedule: at every point, of the enabled threads
 * whose next event the schedule names, the one whose event comes first in the schedule runs. So an
 * expected event that never comes (its thread is blocked, or took another branch) simply stops
 * holding the others back, and events the schedule does not name (a thread ran longer than in the
 * planned run) wait behind every named one. A thread the scheduler holds back because it is polling
 * runs when the schedule names its next event first: the plan may need it to act before the thread
 * it waits for (a yielding thread taking its lock while another holds its own). When no enabled
 * thread's next event is named, the run continues without preemption: the current thread keeps
 * running until it blocks, finishes, yields or sleeps, or has run {@value #FAIR_SLICE} steps in a
 * row; then the next enabled thread in creation order takes over. The slice keeps a spin-wait that
 * the schedule does not cover from starving the thread it waits for.
 *
 * <p>With no schedule at all this is the plain non-preemptive run that seeds a segment campaign.
 */
public final class ScheduleFollower implements Strategy {
  static final int FAIR_SLICE = 1000;

  private final Schedule schedule;
  private int[] scheduleThread = new int[8];
  private int slice;

  /**
   * @param schedule the order to enforce, or null for a non-preemptive run
   */
  public ScheduleFollower(Schedule schedule) {
    this.schedule = schedule;
  }

  @Override
  public void beginRun(long runNumber) {
    Arrays.fill(scheduleThread, -2);
    slice = 0;
  }

  @Override
  public int choose(SchedulingPoint point) {
    if (schedule != null) {
      int best = -1;
      int bestPosition = Schedule.UNSCHEDULED;
      int offered = point.enabledCount() + point.heldBackCount();
      for (int i = 0; i < offered; i++) {
        int t = point.threadAt(i);
        int position = schedule.position(scheduleThreadOf(t, point), point.pendingIndexInThread(t));
        if (position < bestPosition) {
          bestPosition = position;
          best = i;
        }
      }
      if (best >= 0) {
        slice = 0;
        return best;
      }
    }
    return withoutPreemption(point);
  }

  private int withoutPreemption(SchedulingPoint point) {
    int current = point.currentThread();
    EventKind next = point.pendingKind(current);
    boolean polite = next == EventKind.THREAD_YIELD || next == EventKind.THREAD_SLEEP;
    int n = point.enabledCount();
    int after = -1;
    for (int i = 0; i < n; i++) {
      int t = point.enabledThread(i);
      if (t == current && !polite && slice < FAIR_SLICE) {
        slice++;
        return i;
      }
      if (after < 0 && t > current) {
        after = i;
      }
    }
    slice = 0;
    if (after >= 0) {
      return after;
    }
    return 0;
  }

  private int scheduleThreadOf(int thread, SchedulingPoint point) {
    if (thread >= scheduleThread.length) {
      int old = scheduleThread.length;
      scheduleThread = Arrays.copyOf(scheduleThread, Math.max(thread + 1, old * 2));
      Arrays.fill(scheduleThread, old, scheduleThread.length, -2);
    }
    if (scheduleThread[thread] == -2) {
      scheduleThread[thread] = schedule.threadIndex(point.threadName(thread));
    }
    return scheduleThread[thread];
  }

  @Override
  public String describe() {
    return schedule == null ? "non-preemptive" : "schedule";
  }
}
