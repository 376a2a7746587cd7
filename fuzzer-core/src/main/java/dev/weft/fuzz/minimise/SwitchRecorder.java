package dev.weft.fuzz.minimise;

import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.SchedulingPoint;
import dev.weft.runtime.api.Strategy;
import dev.weft.trace.EventKind;
import java.util.ArrayList;
import java.util.List;

/**
 * Watches another strategy's choices and keeps the run's context switches, each marked preemptive
 * or not. Preemptions are what a reader of a failing interleaving has to understand (every one is a
 * place where the program's own order was broken), so they are counted from what a run did, not
 * from what a schedule asked for.
 *
 * <p>A switch is a preemption when the thread that ran before was still enabled and was not about
 * to yield or sleep: a thread that yields or sleeps offers its turn, and one that blocked or ended
 * has none to offer. Only points with more than one enabled thread are choices, and those where a
 * thread held back for polling was chosen; at the others the run had no alternative.
 */
public final class SwitchRecorder implements Strategy {
  private final Strategy inner;
  private final List<Switch> switches = new ArrayList<>();

  public SwitchRecorder(Strategy inner) {
    this.inner = inner;
  }

  @Override
  public void beginRun(long runNumber) {
    switches.clear();
    inner.beginRun(runNumber);
  }

  @Override
  public int choose(SchedulingPoint point) {
    int choice = inner.choose(point);
    if (choice < 0 || (point.enabledCount() < 2 && choice < point.enabledCount())) {
      return choice;
    }
    int current = point.currentThread();
    int chosen = point.threadAt(choice);
    if (chosen != current) {
      boolean couldGoOn = isEnabled(point, current) && !offersTurn(point.pendingKind(current));
      switches.add(
          new Switch(
              point.threadName(current),
              point.pendingIndexInThread(current),
              point.threadName(chosen),
              couldGoOn));
    }
    return choice;
  }

  static boolean isEnabled(SchedulingPoint point, int thread) {
    for (int i = 0; i < point.enabledCount(); i++) {
      if (point.enabledThread(i) == thread) {
        return true;
      }
    }
    return false;
  }

  /** A thread about to yield or sleep gives its turn away: switching then preempts nothing. */
  static boolean offersTurn(EventKind pending) {
    return pending == EventKind.THREAD_YIELD || pending == EventKind.THREAD_SLEEP;
  }

  @Override
  public void endRun(RunResult result) {
    inner.endRun(result);
  }

  /** The switches of the last run, in the order they happened. */
  public List<Switch> switches() {
    return List.copyOf(switches);
  }

  /** The preemptions of the last run. */
  public int preemptions() {
    int n = 0;
    for (Switch s : switches) {
      if (s.preemptive()) {
        n++;
      }
    }
    return n;
  }

  @Override
  public String describe() {
    return inner.describe();
  }
}
