package dev.weft.fuzz.strategy;

import dev.weft.graph.mutation.Schedule;
import dev.weft.runtime.api.SchedulingPoint;
import dev.weft.runtime.api.Strategy;
import dev.weft.trace.EventKind;
import java.util.Arrays;
import java.util.function.IntToLongFunction;

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
 * <p>A thread's events are matched to the schedule's by their sites, not by their index alone: a
 * thread that took a shorter path than in the planned run (a branch skipped, a lock it did not have
 * to wait for) has its next event matched to the nearest later planned event of the same site,
 * within {@value #LOOKAHEAD} events; an event with no such match (a longer path: an extra spin, an
 * extra iteration) takes the place of the next planned event without using it up, up to {@value
 * #STAND_INS} in a row; further unmatched events wait behind every named event (a thread spinning
 * longer than planned must let the thread it waits for run: standing in for the next planned event
 * every time, it kept the front of the schedule and a correct spin-handoff program made 3 runs a
 * second; with one stand-in only, the work-stealing family needed twice the executions). Matching
 * by index alone shifted every later event of the thread after its first difference, so a schedule
 * of a long run realised only the targets before the first difference.
 *
 * <p>With no schedule at all this is the plain non-preemptive run that seeds a segment campaign.
 */
public final class ScheduleFollower implements Strategy {
  static final int FAIR_SLICE = 1000;

  /** How far ahead in a thread's planned events a diverged event's site is looked for. */
  static final int LOOKAHEAD = 64;

  /** How many unmatched events in a row may take the place of a thread's next planned event. */
  static final int STAND_INS = 4;

  private final Schedule schedule;
  private final IntToLongFunction siteKeys;
  private int[] scheduleThread = new int[8];

  /** Per run thread: the pending index last matched, its position, and the next planned index. */
  private int[] matchedIndex = new int[8];

  private int[] matchedPosition = new int[8];
  private int[] nextPlanned = new int[8];
  private int[] unmatched = new int[8];
  private int slice;

  /**
   * @param schedule the order to enforce, or null for a non-preemptive run
   * @param siteKeys stable key of a trace site id, to match events to the schedule's by site; null
   *     to match by index in thread alone
   */
  public ScheduleFollower(Schedule schedule, IntToLongFunction siteKeys) {
    this.schedule = schedule;
    this.siteKeys = siteKeys;
  }

  /** A follower that matches events by index in thread alone. */
  public ScheduleFollower(Schedule schedule) {
    this(schedule, null);
  }

  @Override
  public void beginRun(long runNumber) {
    Arrays.fill(scheduleThread, -2);
    Arrays.fill(matchedIndex, -1);
    Arrays.fill(unmatched, 0);
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
        int position = position(t, point);
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

  /** The schedule position of thread {@code t}'s pending event. */
  private int position(int t, SchedulingPoint point) {
    int st = scheduleThreadOf(t, point);
    int pending = point.pendingIndexInThread(t);
    if (siteKeys == null || st < 0) {
      return schedule.position(st, pending);
    }
    if (matchedIndex[t] == pending) {
      return matchedPosition[t];
    }
    int guess = matchedIndex[t] < 0 ? pending : nextPlanned[t] + (pending - matchedIndex[t] - 1);
    int count = schedule.eventCount(st);
    int match = -1;
    if (guess < count) {
      long site = siteKeys.applyAsLong(point.pendingSite(t));
      int last = Math.min(count - 1, guess + LOOKAHEAD);
      for (int i = guess; i <= last && match < 0; i++) {
        long planned = schedule.siteKey(st, i);
        if (planned == Schedule.ANY_SITE ? i == guess : planned == site) {
          match = i;
        }
      }
    }
    matchedIndex[t] = pending;
    if (match >= 0) {
      nextPlanned[t] = match + 1;
      unmatched[t] = 0;
      matchedPosition[t] = schedule.position(st, match);
    } else {
      // an event the plan does not have: a few in a row stand in for the next planned one; more (a
      // spin-wait longer than planned) wait behind the named events of other threads, which may be
      // what the thread waits for
      nextPlanned[t] = guess;
      matchedPosition[t] =
          ++unmatched[t] <= STAND_INS ? schedule.position(st, guess) : Schedule.UNSCHEDULED;
    }
    return matchedPosition[t];
  }

  private int scheduleThreadOf(int thread, SchedulingPoint point) {
    if (thread >= scheduleThread.length) {
      int old = scheduleThread.length;
      int size = Math.max(thread + 1, old * 2);
      scheduleThread = Arrays.copyOf(scheduleThread, size);
      Arrays.fill(scheduleThread, old, size, -2);
      matchedIndex = Arrays.copyOf(matchedIndex, size);
      Arrays.fill(matchedIndex, old, size, -1);
      matchedPosition = Arrays.copyOf(matchedPosition, size);
      nextPlanned = Arrays.copyOf(nextPlanned, size);
      unmatched = Arrays.copyOf(unmatched, size);
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
