package dev.weft.fuzz.minimise;

import dev.weft.runtime.api.SchedulingPoint;
import dev.weft.runtime.api.Strategy;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a candidate schedule of the minimiser: a set of switches, each anchored at a thread's place
 * in its own program order ({@link Switch}). The policy is chosen so that a candidate never has
 * more preemptions than it names:
 *
 * <ul>
 *   <li>When the current thread reaches the anchor of a switch and the switch's thread is enabled,
 *       that thread runs. If it is not, a preemption still happens there, to the next enabled
 *       thread in creation order: what a preemption point is about is where the current thread is
 *       interrupted, and the thread it went to in the run the point came from may be blocked now
 *       (the interleaving around it changed when other switches were left out).
 *   <li>Otherwise the current thread keeps running while it is enabled (no preemption), unless it
 *       is about to yield or sleep, or has run {@value #FAIR_SLICE} steps in a row while others
 *       waited: a spin-wait the candidate does not break would otherwise starve the thread it waits
 *       for (such a switch is a preemption, and the recorder counts it).
 *   <li>When the current thread cannot go on, the next enabled thread in creation order after it
 *       runs (wrapping around), as in Weft's non-preemptive runs.
 * </ul>
 *
 * A switch whose thread is not enabled at its anchor, or whose anchor is never reached, is simply
 * not taken: the run's own recorded decisions are what the result keeps, so it replays exactly
 * whatever the candidate asked for.
 */
public final class SwitchFollower implements Strategy {
  static final int FAIR_SLICE = 1000;

  private final Map<Switch.Anchor, Switch> switches = new HashMap<>();
  private int slice;

  public SwitchFollower(List<Switch> candidate) {
    for (Switch s : candidate) {
      switches.put(s.anchor(), s);
    }
  }

  @Override
  public void beginRun(long runNumber) {
    slice = 0;
  }

  @Override
  public int choose(SchedulingPoint point) {
    int n = point.enabledCount();
    if (n + point.heldBackCount() + point.spuriousCount() == 1) {
      return 0;
    }
    int current = point.currentThread();
    Switch named =
        switches.get(
            new Switch.Anchor(point.threadName(current), point.pendingIndexInThread(current)));
    String to = named == null ? null : named.to();
    int heldBack = heldBackPosition(point, to);
    if (heldBack >= 0) {
      slice = 0;
      return heldBack;
    }
    if (n == 1) {
      return 0;
    }
    int currentPosition = -1;
    int wanted = -1;
    for (int i = 0; i < n; i++) {
      int t = point.enabledThread(i);
      if (t == current) {
        currentPosition = i;
      } else if (to != null && to.equals(point.threadName(t))) {
        wanted = i;
      }
    }
    if (wanted >= 0) {
      slice = 0;
      return wanted;
    }
    if (named != null && named.preemptive() && currentPosition >= 0) {
      slice = 0;
      return nextAfter(point, current);
    }
    if (currentPosition >= 0
        && !SwitchRecorder.offersTurn(point.pendingKind(current))
        && slice < FAIR_SLICE) {
      slice++;
      return currentPosition;
    }
    slice = 0;
    return nextAfter(point, current);
  }

  /**
   * The position of the held-back (polling) thread the switch goes to, or of the waiting thread it
   * wakes spuriously, or -1: the run the switch came from chose it there on purpose (a plan needed
   * it, or the strategy woke it), so the candidate does too.
   */
  private static int heldBackPosition(SchedulingPoint point, String to) {
    if (to == null) {
      return -1;
    }
    int n = point.enabledCount();
    int held = point.heldBackCount();
    for (int i = 0; i < held; i++) {
      if (to.equals(point.threadName(point.heldBackThread(i)))) {
        return n + i;
      }
    }
    for (int i = 0; i < point.spuriousCount(); i++) {
      if (to.equals(point.threadName(point.spuriousThread(i)))) {
        return n + held + i;
      }
    }
    return -1;
  }

  /** The first enabled thread after {@code current} in creation order, wrapping around. */
  private static int nextAfter(SchedulingPoint point, int current) {
    int n = point.enabledCount();
    int first = -1;
    for (int i = 0; i < n; i++) {
      int t = point.enabledThread(i);
      if (t > current) {
        return i;
      }
      if (first < 0 && t != current) {
        first = i;
      }
    }
    return first;
  }

  @Override
  public String describe() {
    return "minimiser candidate";
  }
}
