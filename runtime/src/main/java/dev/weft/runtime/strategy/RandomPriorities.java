package dev.weft.runtime.strategy;

import dev.weft.runtime.api.SchedulingPoint;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Per-event random priorities, the rule SURW's published implementation schedules uninteresting
 * events with: every thread holds a random priority, the enabled thread with the highest runs, and
 * the thread that ran draws a new one. Unlike a uniform pick per step it keeps a thread that drew
 * high running for a while, and unlike run-to-completion it lets every order of uninteresting
 * events happen. So that a thread spinning on a variable nobody selected cannot hold the processor
 * by drawing high again and again, all priorities are drawn anew after {@value #STAY_LIMIT} steps
 * of one thread in a row.
 */
final class RandomPriorities {
  static final int STAY_LIMIT = 1000;

  private final SplittableRandom random;
  private double[] priority = new double[8];
  private int last = -1;
  private int stay;

  RandomPriorities(SplittableRandom random) {
    this.random = random;
  }

  void beginRun() {
    Arrays.fill(priority, Double.NaN);
    last = -1;
    stay = 0;
  }

  /**
   * The position, among {@code point}'s enabled threads, of the one with the highest priority that
   * {@code excluded} does not exclude (indexed by thread), or -1 when it excludes them all.
   */
  int highest(SchedulingPoint point, boolean[] excluded) {
    int best = -1;
    double bestPriority = -1;
    for (int i = 0; i < point.enabledCount(); i++) {
      int t = point.enabledThread(i);
      if (t < excluded.length && excluded[t]) {
        continue;
      }
      double p = priorityOf(t);
      if (p > bestPriority) {
        bestPriority = p;
        best = i;
      }
    }
    return best;
  }

  private double priorityOf(int thread) {
    if (thread >= priority.length) {
      int old = priority.length;
      priority = Arrays.copyOf(priority, Math.max(thread + 1, old * 2));
      Arrays.fill(priority, old, priority.length, Double.NaN);
    }
    if (Double.isNaN(priority[thread])) {
      priority[thread] = random.nextDouble();
    }
    return priority[thread];
  }

  /**
   * {@code thread} ran: it draws a new priority. Returns whether it has now run {@value
   * #STAY_LIMIT} steps in a row, in which case every priority was drawn anew.
   */
  boolean ran(int thread) {
    if (thread < priority.length) {
      priority[thread] = Double.NaN;
    }
    stay = thread == last ? stay + 1 : 1;
    last = thread;
    if (stay >= STAY_LIMIT) {
      Arrays.fill(priority, Double.NaN);
      stay = 0;
      return true;
    }
    return false;
  }
}
