package dev.weft.runtime.oracle;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.trace.EventKind;
import dev.weft.trace.SiteTable;
import dev.weft.trace.Trace;

/**
 * A run's step budget, and the verdict on a run that spends it or evidently cannot end. A hang is a
 * judgement about the run, not a way of running it, so it is kept apart from the scheduler: the
 * scheduler counts every step here and ends the run with the failure it is given back.
 *
 * <p>The budget is in two parts, one for steps while another thread could run and one for steps
 * while none could, and its contended part is spent twice: once under the strategy, then under fair
 * round-robin scheduling ({@link #fair}), since a strategy may starve a thread for ever.
 */
public final class StepBudget {
  /**
   * Steps while no other thread could run cost no decision and cannot be a livelock between
   * threads: they have a budget this many times larger, so that long single-threaded set-up (a
   * mocking or scripting library generating classes, a database writing its first values while its
   * daemons sleep) is not taken for a hang.
   */
  public static final long SOLO_BUDGET_FACTOR = 100;

  /**
   * Steps without a change to shared state that make a hang evidently endless ({@link
   * #steadySteps}); a budget smaller than this counts whole.
   */
  public static final long STEADY_STEPS = 100_000;

  /** A run alone is looked at for an endless stretch ({@link #endlessAlone}) every 1,024 steps. */
  private static final long STEADY_CHECK_MASK = 1023;

  /** Whether a thread other than the running one waits with a time-out still to come. */
  public interface TimeoutsToCome {
    /**
     * Whether a thread other than {@code running} waits with a time-out that has not run out since
     * step {@code step}.
     */
    boolean since(ControlledThread running, long step);
  }

  private final int maxSteps;

  /** The events the run's trace may hold ({@link TraceMemory}). */
  private final long traceEvents = TraceMemory.eventsThatFit();

  private final Trace trace;
  private final SiteTable sites;
  private final TimeoutsToCome timeouts;

  private int steps;

  /**
   * Whether at the last decision more than one thread could run without waiting for time: only then
   * is a step contended. Threads that are merely alive make no livelock with the one that runs:
   * those waiting for a signal, and those that sleep or wait with a timeout (which the strategy may
   * pick to end early, a jump of virtual time, but which wait for nothing else).
   */
  private boolean othersCouldRun;

  /** Steps taken while another thread could run, and while none could. */
  private long contendedSteps;

  private long soloSteps;

  /**
   * Whether the run has spent its contended budget and now runs round-robin, without the strategy:
   * a strategy may starve a thread for ever (PCT keeps a busy loop at the top priority), so only a
   * run that does not end under fair scheduling either is a hang. Replay reaches the same step and
   * switches the same way, so these choices are not recorded as decisions.
   */
  private boolean fair;

  /** Accesses to local objects since the last step: an endless loop over them is a hang too. */
  private long localAccessesInARow;

  /** Events so far that changed shared state; a clock read after none is a poll. */
  private long sharedChanges;

  /** {@link #steps} at the last event that changed shared state, and at the one before. */
  private long stepsAtLastChange;

  private long stepsAtChangeBefore;

  /** {@link #steps} when another thread than the running one could last run. */
  private long lastContendedStep;

  /** The last event that changed shared state. */
  private int lastChangeEvent = -1;

  /**
   * @param timeouts asked, when a stretch of steps looks endless, whether a time-out still to come
   *     could end it
   */
  public StepBudget(int maxSteps, Trace trace, SiteTable sites, TimeoutsToCome timeouts) {
    this.maxSteps = maxSteps;
    this.trace = trace;
    this.sites = sites;
    this.timeouts = timeouts;
  }

  /**
   * Why the run must end unjudged at this step, or null: its trace has as many events as the heap
   * can keep ({@link TraceMemory}). Looked at every 1,024 steps.
   */
  public String outgrownMemory() {
    if ((steps & STEADY_CHECK_MASK) != 0 || trace.size() < traceEvents) {
      return null;
    }
    return TraceMemory.outgrown(trace.size());
  }

  /** Steps executed so far. */
  public int steps() {
    return steps;
  }

  /** Whether the run has spent its contended budget once and now runs round-robin. */
  public boolean fair() {
    return fair;
  }

  /** Events so far that changed shared state. */
  public long sharedChanges() {
    return sharedChanges;
  }

  /**
   * What the last decision saw: whether more than one thread could run without waiting for time.
   */
  public void contended(boolean othersCouldRun) {
    this.othersCouldRun = othersCouldRun;
  }

  /**
   * Counts a step of thread {@code t}; returns the hang that ends the run there, or null. The first
   * time the contended budget is spent, the run goes on round-robin ({@link #fair}) instead.
   */
  public Failure step(ControlledThread t) {
    steps++;
    localAccessesInARow = 0;
    boolean alone = !othersCouldRun;
    long limit = alone ? maxSteps * SOLO_BUDGET_FACTOR : maxSteps;
    if ((alone ? ++soloSteps : ++contendedSteps) > limit) {
      if (!alone && !fair) {
        fair = true; // a second budget, round-robin: does the run end when no thread is starved?
        contendedSteps = 0;
        return null;
      }
      return Hangs.stepBudget(trace, sites, t, limit, alone, fair, steadySteps(t, limit));
    }
    if (!alone) {
      lastContendedStep = steps;
    } else if (steps - Math.max(stepsAtLastChange, lastContendedStep) >= STEADY_STEPS
        && limit > STEADY_STEPS
        && (steps & STEADY_CHECK_MASK) == 0) {
      return endlessAlone(t);
    }
    return null;
  }

  /**
   * Counts an access of {@code t} to an object only it can reach, at {@code site}: no step, so many
   * in a row that a thread running alone would have spent its budget are a hang, returned; else
   * null.
   */
  public Failure localAccess(ControlledThread t, int site) {
    if (++localAccessesInARow > maxSteps * SOLO_BUDGET_FACTOR) {
      return Hangs.localLoop(sites, t, localAccessesInARow - 1, site);
    }
    return null;
  }

  /** Event {@code event}, of kind {@code kind}, was recorded at the current step. */
  public void executed(EventKind kind, int event) {
    if (changesSharedState(kind)) {
      sharedChanges++;
      stepsAtChangeBefore = stepsAtLastChange;
      stepsAtLastChange = steps;
      lastChangeEvent = event;
    }
  }

  /**
   * The update recorded as {@code event} failed (a compare-and-set that found another value): it
   * changed no shared state for the judgement of an endless run ({@link #steadySteps}).
   */
  public void updateFailed(int event) {
    if (event == lastChangeEvent) {
      stepsAtLastChange = stepsAtChangeBefore;
      lastChangeEvent = -1;
    }
  }

  /**
   * Whether an event of this kind can change what another thread sees: a write to memory, a
   * notification, a thread started or interrupted. Taking and releasing a lock, reading, waiting,
   * sleeping and yielding do not; a thread doing only those between reads of the clock is polling.
   */
  private static boolean changesSharedState(EventKind kind) {
    return (kind.isData() && kind.writes())
        || kind == EventKind.NOTIFY
        || kind == EventKind.NOTIFY_ALL
        || kind == EventKind.THREAD_START
        || kind == EventKind.THREAD_INTERRUPT;
  }

  /**
   * The hang that ends the run before its solo budget (a hundred times the step budget, hours for
   * some programs) is spent, if it evidently cannot end ({@link #steadySteps}): {@link
   * #STEADY_STEPS} steps in which no thread but the one running could run, and nothing changed;
   * else null.
   */
  private Failure endlessAlone(ControlledThread t) {
    long steady = steadySteps(t, STEADY_STEPS);
    if (steady == 0) {
      return null;
    }
    return Hangs.stepBudget(trace, sites, t, soloSteps, true, fair, steady);
  }

  /**
   * How many steps the run has taken, up to now, with no change to shared state, if that is at
   * least {@code min(limit, STEADY_STEPS)} and every other thread waiting for a time-out has timed
   * out in that stretch already (a {@code wait(1000)} in a loop); else 0. Such a run cannot end:
   * its threads see the same shared state at every step, and no time-out still to come can wake one
   * that would change it (a thread's own reads of the clock make time pass quickly, {@link
   * dev.weft.runtime.time.ClockPolls}, so a loop that waits for a deadline has long ended).
   */
  private long steadySteps(ControlledThread t, long limit) {
    long unchanged = steps - stepsAtLastChange;
    if (unchanged < Math.min(limit, STEADY_STEPS)) {
      return 0;
    }
    if (timeouts.since(t, stepsAtLastChange)) {
      return 0;
    }
    return unchanged;
  }
}
