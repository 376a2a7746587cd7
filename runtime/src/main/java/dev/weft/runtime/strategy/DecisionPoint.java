package dev.weft.runtime.strategy;

import dev.weft.runtime.api.SchedulingPoint;
import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.Readiness;
import dev.weft.runtime.control.UnfinishedThreads;
import dev.weft.runtime.oracle.StepBudget;
import dev.weft.trace.EventKind;
import dev.weft.trace.Locations;
import dev.weft.trace.StableVariables;
import dev.weft.trace.Trace;
import java.util.Arrays;
import java.util.List;

/**
 * The strategy's window on one decision: which threads are offered, held back or may wake
 * spuriously, in arrays reused at every point, so that a decision allocates nothing. The scheduler
 * fills it, orders it and asks the strategy; what the choice does is the scheduler's.
 */
public final class DecisionPoint implements SchedulingPoint {
  private final List<ControlledThread> threads;
  private final Trace trace;
  private final StepBudget budget;
  private final StableVariables variables;

  private int current;
  private int[] enabled = new int[8];
  private int[] heldBack = new int[8];
  private int enabledCount;
  private int heldBackCount;

  /** Threads offered to wake spuriously at this decision, after the held-back ones. */
  private int[] spurious = new int[8];

  private int spuriousCount;

  /** Of the threads {@link #gather} found, those that may wake spuriously. */
  private int wakeable;

  /** Of the threads {@link #gather} found, those not waiting for time, and those polling. */
  private int contenders;

  private int polling;

  public DecisionPoint(
      List<ControlledThread> threads, Trace trace, StepBudget budget, StableVariables variables) {
    this.threads = threads;
    this.trace = trace;
    this.budget = budget;
    this.variables = variables;
  }

  /** Makes room for {@code count} threads. */
  public void fit(int count) {
    if (enabled.length < count) {
      enabled = Arrays.copyOf(enabled, count * 2);
      heldBack = new int[enabled.length];
      spurious = new int[enabled.length];
    }
  }

  /**
   * Collects the threads that can run now, in index order, and those that may wake spuriously (with
   * {@code spuriousWakeups}); returns how many can run. A thread that waits only for the turn is
   * ready: the unfinished threads keep the sums a decision needs of those, and only the others are
   * asked (in index order, as all once were).
   */
  public int gather(UnfinishedThreads unfinished, boolean spuriousWakeups) {
    int count = unfinished.count();
    contenders = unfinished.untimedFree();
    polling = unfinished.pollingFree();
    int n = 0;
    wakeable = 0;
    int from = 0;
    long[] waiting = unfinished.waiting();
    for (int w = 0; w < waiting.length; w++) {
      for (long bits = waiting[w]; bits != 0; bits &= bits - 1) {
        int slot = (w << 6) + Long.numberOfTrailingZeros(bits);
        n = unfinished.copyIndices(from, slot, enabled, n);
        from = slot + 1;
        ControlledThread c = unfinished.get(slot);
        if (c.readiness() == Readiness.READY) {
          int f = unfinished.flags(slot);
          enabled[n++] = c.index();
          if ((f & ControlledThread.TIMED) == 0) {
            contenders++;
          }
          if ((f & ControlledThread.POLLING) != 0) {
            polling++;
          }
        } else if (spuriousWakeups && c.mayWakeSpuriously()) {
          spurious[wakeable++] = c.index();
        }
      }
    }
    return unfinished.copyIndices(from, count, enabled, n);
  }

  /**
   * No thread can run: collects those that can only time out, and returns how many. None may then
   * wake spuriously: a wait nothing else can end is a deadlock, not a chance to wake spuriously.
   */
  public int onlyToTimeOut(UnfinishedThreads unfinished) {
    wakeable = 0;
    int n = 0;
    for (int i = 0; i < unfinished.count(); i++) {
      ControlledThread c = unfinished.get(i);
      if (c.readiness() == Readiness.ONLY_TO_TIME_OUT) {
        enabled[n++] = c.index();
      }
    }
    return n;
  }

  /** Whether more than one of the threads gathered could run without waiting for time. */
  public boolean contended() {
    return contenders > 1;
  }

  /**
   * Of the {@code n} threads gathered, how many are offered to the strategy: all, or, if some but
   * not all are polling, those that are not, the polling ones moved behind them (each group in
   * index order); see {@link dev.weft.runtime.fairness.SpinFairness}.
   */
  public int offered(int n) {
    if (polling > 0 && polling < n) {
      return pollingThreadsLast(n);
    }
    return n;
  }

  private int pollingThreadsLast(int n) {
    int kept = 0;
    int held = 0;
    for (int i = 0; i < n; i++) {
      int t = enabled[i];
      if (threads.get(t).polling()) {
        heldBack[held++] = t;
      } else {
        enabled[kept++] = t;
      }
    }
    System.arraycopy(heldBack, 0, enabled, kept, held);
    return kept;
  }

  /**
   * The index of the thread fair scheduling runs next, of {@code n} gathered ({@code offered} of
   * them offered): the first after {@code current} in index order, cyclically, among those that are
   * awake. Fair scheduling lets a sleeping thread's time pass as it would: a daemon that sleeps
   * between rounds of housekeeping, picked whenever its turn came, would wake at once every time
   * and starve the thread that has work to do.
   */
  public int roundRobin(int n, int offered, int current, long now) {
    int awake = awakeFirst(n, now);
    return enabled[roundRobinPosition(awake > 0 ? awake : offered, current)];
  }

  /**
   * Moves the enabled threads that sleep or wait with a timeout not yet run out behind the others
   * and returns how many are not.
   */
  private int awakeFirst(int n, long now) {
    int kept = 0;
    int held = 0;
    for (int i = 0; i < n; i++) {
      ControlledThread c = threads.get(enabled[i]);
      if (c.pendingTimeout() > 0 && now - c.pendingSince() < c.pendingTimeout()) {
        heldBack[held++] = c.index();
      } else {
        enabled[kept++] = c.index();
      }
    }
    System.arraycopy(heldBack, 0, enabled, kept, held);
    return kept;
  }

  /** The position of the first enabled thread after {@code current} in index order, cyclically. */
  private int roundRobinPosition(int n, int current) {
    for (int i = 0; i < n; i++) {
      if (enabled[i] > current) {
        return i;
      }
    }
    return 0;
  }

  /**
   * Sets the point up for the strategy: {@code offered} of the {@code n} gathered threads enabled,
   * the rest held back, then those that may wake spuriously; returns how many those are.
   */
  public int offer(int offered, int n, int current) {
    enabledCount = offered;
    heldBackCount = n - offered;
    spuriousCount = wakeable;
    this.current = current;
    return wakeable;
  }

  /** The index of the thread at position {@code choice}, of {@code n} gathered. */
  public int chosen(int choice, int n) {
    return choice < n ? enabled[choice] : spurious[choice - n];
  }

  @Override
  public int step() {
    return budget.steps();
  }

  @Override
  public int currentThread() {
    return current;
  }

  @Override
  public int enabledCount() {
    return enabledCount;
  }

  @Override
  public int enabledThread(int i) {
    return enabled[i];
  }

  @Override
  public int heldBackCount() {
    return heldBackCount;
  }

  @Override
  public int heldBackThread(int i) {
    return enabled[enabledCount + i];
  }

  @Override
  public int spuriousCount() {
    return spuriousCount;
  }

  @Override
  public int spuriousThread(int i) {
    return spurious[i];
  }

  @Override
  public int threadCount() {
    return threads.size();
  }

  @Override
  public EventKind pendingKind(int thread) {
    return threads.get(thread).pendingKind();
  }

  @Override
  public long pendingLocation(int thread) {
    return threads.get(thread).pendingLocation();
  }

  @Override
  public int pendingSite(int thread) {
    return threads.get(thread).pendingSite();
  }

  /** Named by stable hashes ({@link StableVariables}). */
  @Override
  public long pendingVariable(int thread) {
    long location = threads.get(thread).pendingLocation();
    if (location == Locations.NONE) {
      return NO_VARIABLE;
    }
    return variables.of(location);
  }

  @Override
  public int pendingIndexInThread(int thread) {
    return trace.eventsOf(thread);
  }

  @Override
  public String threadName(int thread) {
    return threads.get(thread).stableName();
  }
}
