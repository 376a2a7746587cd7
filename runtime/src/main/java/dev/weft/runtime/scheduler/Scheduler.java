package dev.weft.runtime.scheduler;

import dev.weft.runtime.trace.EventKind;
import dev.weft.runtime.trace.FieldTable;
import dev.weft.runtime.trace.Locations;
import dev.weft.runtime.trace.ObjectNames;
import dev.weft.runtime.trace.SiteTable;
import dev.weft.runtime.trace.Trace;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Serialises one run: exactly one controlled thread holds the turn between two scheduling points.
 * At each point the running thread announces its next event, asks the strategy which enabled thread
 * goes next, and hands the turn over if it is not itself. A thread that is handed the turn executes
 * (records and applies) its announced event and runs on to its next point.
 *
 * <p>Handoffs spin briefly and then park: a spin costs well under a microsecond when the other
 * thread is on a core, a park/unpark several microseconds.
 */
public final class Scheduler {
  private static final int SPINS = 256;
  private static final WeftAbort ABORT = new WeftAbort();

  private final Strategy strategy;
  private final SiteTable sites;
  private final FieldTable fields;
  private final int maxSteps;
  private final Trace trace = new Trace();
  private final ObjectNames objects = new ObjectNames();
  private final MonitorModel monitors = new MonitorModel();
  private final IntArrayList decisions = new IntArrayList();
  private final List<ControlledThread> threads = new ArrayList<>();
  private final IdentityHashMap<Thread, ControlledThread> byLogical = new IdentityHashMap<>();
  private final CountDownLatch ended = new CountDownLatch(1);
  private final PointView view = new PointView();
  private final VirtualClock clock = new VirtualClock();
  private final Identities identities = new Identities();
  private final SyncModel sync = new SyncModel();

  private volatile ControlledThread[] threadSnapshot = new ControlledThread[0];
  private volatile ControlledThread turn;
  private volatile boolean aborted;
  private int[] enabled = new int[8];
  private int enabledCount;
  private int steps;

  /** Moves on whenever modelled synchronisation state changes; blocked threads then retry. */
  private int syncVersion;

  /** Trace size at the last deadlock recheck; see {@link #decideOrRecheck}. */
  private int recheckedAt = -1;

  private Failure failure;
  private RunResult.Outcome outcome;
  private String diagnostic;

  public Scheduler(Strategy strategy, SiteTable sites, FieldTable fields, int maxSteps) {
    this.strategy = strategy;
    this.sites = sites;
    this.fields = fields;
    this.maxSteps = maxSteps;
  }

  // ---------------------------------------------------------------- run control (controller side)

  /**
   * Creates the main controlled thread; its carrier runs {@code body}. The carrier is returned
   * unstarted so the caller can start it after arranging its own bookkeeping.
   */
  public Thread createMainThread(Runnable body) {
    ControlledThread main = newThread("main", null);
    Thread carrier = new Thread(() -> runCarrier(main, body), "weft-main");
    carrier.setDaemon(true);
    main.carrier = carrier;
    main.logical = carrier;
    byLogical.put(carrier, main);
    turn = main;
    return carrier;
  }

  /** Waits up to the given time for the run to end; returns whether it did. */
  public boolean awaitEnd(long timeout, TimeUnit unit) throws InterruptedException {
    return ended.await(timeout, unit);
  }

  /** Steps executed so far; read racily by the controller to notice a stalled run. */
  public int stepsSoFar() {
    return steps;
  }

  /** The carrier of the thread that holds the turn, for stall diagnostics. */
  public Thread turnHolderCarrier() {
    ControlledThread t = turn;
    return t == null ? null : t.carrier;
  }

  public String turnHolderName() {
    ControlledThread t = turn;
    return t == null ? "?" : t.toString();
  }

  /** Ends the run from outside: a wall-clock hang or code blocked outside Weft's control. */
  public synchronized void abortFromController(
      RunResult.Outcome why, Failure failure, String diagnostic) {
    if (outcome == null) {
      this.outcome = why;
      this.failure = failure;
      this.diagnostic = diagnostic;
    }
    abort();
  }

  /** The carriers of this run, for the controller to wait on after the run ends. */
  public List<Thread> carriers() {
    List<Thread> result = new ArrayList<>();
    for (ControlledThread t : threadSnapshot) {
      if (t.carrier != null) {
        result.add(t.carrier);
      }
    }
    return result;
  }

  public RunResult result(long nanos) {
    List<String> names = new ArrayList<>();
    for (ControlledThread t : threadSnapshot) {
      names.add(t.stableName);
    }
    RunResult.Outcome o = outcome == null ? RunResult.Outcome.PASSED : outcome;
    return new RunResult(
        o, failure, trace, decisions.toIntArray(), names, steps, nanos, diagnostic);
  }

  public SiteTable sites() {
    return sites;
  }

  public FieldTable fields() {
    return fields;
  }

  public ObjectNames objects() {
    return objects;
  }

  // ------------------------------------------------------------------- scheduling points (hooks)

  /**
   * A scheduling point: announce the next event, let the strategy pick, then execute it. A positive
   * {@code timeoutNanos} means the operation may end by timing out whenever the strategy picks it.
   */
  void point(
      ControlledThread t, EventKind kind, long location, int site, Object obj, long timeoutNanos) {
    if (aborted) {
      throw ABORT;
    }
    t.setPending(kind, location, site, obj, timeoutNanos);
    t.pendingSince = clock.elapsed();
    takeTurn(t);
    execute(t);
  }

  /** How a {@link #block blocking operation} ended. */
  enum Blocked {
    DONE,
    TIMED_OUT,
    INTERRUPTED;

    /** Interruptible JDK operations end an interrupted wait with an exception. */
    void throwIfInterrupted() throws InterruptedException {
      if (this == INTERRUPTED) {
        throw new InterruptedException();
      }
    }
  }

  /**
   * A blocking operation modelled by retrying its non-blocking form: once picked, the thread runs
   * {@code attempt}; if it fails, the thread is not enabled again until modelled synchronisation
   * state changes ({@link #changed}), it is interrupted (if {@code interruptible}), or, with a
   * timeout, the strategy picks it to time out. The event is recorded only when the attempt
   * succeeds. {@code timeoutNanos}: negative waits for ever, zero does not wait at all.
   */
  Blocked block(
      ControlledThread t,
      EventKind kind,
      long location,
      int site,
      Object obj,
      long timeoutNanos,
      boolean interruptible,
      java.util.function.BooleanSupplier attempt) {
    if (aborted) {
      throw ABORT;
    }
    long since = clock.elapsed();
    t.inBlock = true;
    t.awaitingChange = false;
    t.blockInterruptible = interruptible;
    try {
      while (true) {
        t.setPending(kind, location, site, obj, Math.max(0, timeoutNanos));
        t.pendingSince = since;
        takeTurn(t);
        if (interruptible && t.interrupted) {
          t.interrupted = false;
          checkBudget(t);
          return Blocked.INTERRUPTED;
        }
        boolean retry = t.awaitingChange && t.blockedAtVersion != syncVersion;
        if (attempt.getAsBoolean()) {
          t.awaitingChange = false;
          checkBudget(t);
          trace.append(t.index, kind, site, location);
          afterEvent(t, kind, location);
          return Blocked.DONE;
        }
        if (timeoutNanos == 0 || (timeoutNanos > 0 && t.awaitingChange && !retry)) {
          clock.advanceTo(since + Math.max(0, timeoutNanos));
          record(t, EventKind.READ, location, site); // the failed attempt observed the state
          return Blocked.TIMED_OUT;
        }
        checkBudget(t);
        t.awaitingChange = true;
        t.blockedAtVersion = syncVersion;
      }
    } finally {
      t.inBlock = false;
      t.awaitingChange = false;
      t.blockInterruptible = false;
    }
  }

  /** Modelled synchronisation state changed: threads blocked in {@link #block} may retry. */
  void changed() {
    syncVersion++;
  }

  Trace trace() {
    return trace;
  }

  int lastEvent() {
    return trace.size() - 1;
  }

  VirtualClock clock() {
    return clock;
  }

  Identities identities() {
    return identities;
  }

  SyncModel sync() {
    return sync;
  }

  private void takeTurn(ControlledThread t) {
    if (aborted) {
      throw ABORT;
    }
    if (t.atomicDepth > 0 && isEnabled(t)) {
      return;
    }
    ControlledThread next = decideOrRecheck(t);
    if (next == null) {
      noThreadEnabled();
      throw ABORT;
    }
    if (next != t) {
      handTurnTo(next);
      awaitTurn(t);
    }
  }

  /**
   * Decides; if no thread is enabled while some wait in {@link #block} for a change, lets them
   * retry once before calling it a deadlock. State can change where Weft does not see it (a method
   * reference straight to {@code countDown}, a JDK-internal completion); a retry that succeeds
   * records an event, and one that fails again with no event in between is a real deadlock.
   */
  private ControlledThread decideOrRecheck(ControlledThread current) {
    ControlledThread next = decide(current);
    if (next != null || trace.size() == recheckedAt) {
      return next;
    }
    for (ControlledThread c : threads) {
      if (!c.finished && c.inBlock && c.awaitingChange) {
        recheckedAt = trace.size();
        changed();
        return decide(current);
      }
    }
    return null;
  }

  /** Records an event that needs no decision (releasing a monitor): the thread keeps the turn. */
  void record(ControlledThread t, EventKind kind, long location, int site) {
    if (aborted) {
      return;
    }
    checkBudget(t);
    trace.append(t.index, kind, site, location);
    afterEvent(t, kind, location);
  }

  private void afterEvent(ControlledThread t, EventKind kind, long location) {
    clock.tick();
    SpinFairness.executed(t, kind, location);
    if (kind.writes()) {
      SpinFairness.written(t, location, threads);
    }
  }

  long objectLocation(Object obj, int member, int site) {
    return Locations.of(objects.numberOf(obj, site), member);
  }

  long lockLocation(Object obj, int site) {
    return Locations.of(objects.numberOf(obj, site), Locations.LOCK_MEMBER);
  }

  void allocated(Object obj, int site) {
    objects.allocated(obj, site);
  }

  MonitorModel monitors() {
    return monitors;
  }

  ControlledThread threadOf(Thread logical) {
    return byLogical.get(logical);
  }

  boolean isAborted() {
    return aborted;
  }

  // ------------------------------------------------------------------------------ internals

  private ControlledThread newThread(String name, Thread logical) {
    ControlledThread t = new ControlledThread(this, threads.size(), name, logical);
    t.setPending(EventKind.THREAD_BEGIN, Locations.NONE, SiteTable.SYNTHETIC, null, 0);
    threads.add(t);
    threadSnapshot = threads.toArray(new ControlledThread[0]);
    if (enabled.length < threads.size()) {
      enabled = Arrays.copyOf(enabled, threads.size() * 2);
    }
    return t;
  }

  private boolean isEnabled(ControlledThread t) {
    return readiness(t) == READY;
  }

  private static final int BLOCKED = 0;
  private static final int ONLY_TO_TIME_OUT = 1;
  private static final int READY = 2;

  /**
   * Whether the thread can run. A thread in a timed wait that nothing has ended yet can only time
   * out, and a timeout fires only when no thread is ready (virtual time passes when everyone waits)
   * or once the clock has passed its deadline (someone slept past it). A sleep is not a wait for
   * anything; it ends whenever the strategy picks it, and moves the clock on.
   */
  private int readiness(ControlledThread t) {
    if (t.finished) {
      return BLOCKED;
    }
    if (t.inBlock) {
      if (!t.awaitingChange
          || t.blockedAtVersion != syncVersion
          || (t.blockInterruptible && t.interrupted)) {
        return READY;
      }
      return timedReadiness(t);
    }
    switch (t.pendingKind) {
      case MONITOR_ENTER:
        return monitors.canEnter(t.pendingObject, t) ? READY : BLOCKED;
      case WAKE:
        if (!monitors.canEnter(t.pendingObject, t)) {
          return BLOCKED;
        }
        if (t.notified || t.interrupted) {
          return READY;
        }
        return timedReadiness(t);
      case THREAD_JOIN:
        ControlledThread target = (ControlledThread) t.pendingObject;
        if (target == null || target.finished || t.interrupted) {
          return READY;
        }
        return timedReadiness(t);
      default:
        return READY;
    }
  }

  /** A thread waiting with nothing to wake it: it may only time out, if it has a deadline. */
  private int timedReadiness(ControlledThread t) {
    if (t.pendingTimeout <= 0) {
      return BLOCKED;
    }
    return clock.elapsed() - t.pendingSince >= t.pendingTimeout ? READY : ONLY_TO_TIME_OUT;
  }

  private ControlledThread decide(ControlledThread current) {
    int n = 0;
    int polling = 0;
    boolean busy = false; // some live thread is not an idle pool worker
    boolean anyIdle = false;
    for (ControlledThread c : threads) {
      if (!c.finished) {
        busy |= !c.idle;
        anyIdle |= c.idle;
      }
      if (readiness(c) == READY) {
        enabled[n++] = c.index;
        if (c.spin.polling) {
          polling++;
        }
      }
    }
    if (!busy && anyIdle) {
      return null; // only idle workers left, and not even their timers fire: the work is done
    }
    if (n == 0) {
      for (ControlledThread c : threads) {
        if (readiness(c) == ONLY_TO_TIME_OUT) {
          enabled[n++] = c.index;
        }
      }
    }
    if (n == 0) {
      return null;
    }
    if (polling > 0 && polling < n) {
      n = withoutPollingThreads(n);
    }
    enabledCount = n;
    view.current = current.index;
    int choice = strategy.choose(view);
    if (choice < 0 || choice >= n) {
      diverged(
          "strategy chose position " + choice + " of " + n + " enabled threads at step " + steps);
      throw ABORT;
    }
    if (n > 1) {
      decisions.add(enabled[choice]);
    }
    return threads.get(enabled[choice]);
  }

  /** Keeps only the enabled threads that are not polling; see {@link SpinFairness}. */
  private int withoutPollingThreads(int n) {
    int kept = 0;
    for (int i = 0; i < n; i++) {
      if (!threads.get(enabled[i]).spin.polling) {
        enabled[kept++] = enabled[i];
      }
    }
    return kept;
  }

  private void execute(ControlledThread t) {
    checkBudget(t);
    EventKind kind = t.pendingKind;
    int event = trace.append(t.index, kind, t.pendingSite, t.pendingLocation);
    afterEvent(t, kind, t.pendingLocation);
    switch (kind) {
      case THREAD_BEGIN:
        if (t.startEvent >= 0) {
          trace.addCausalEdge(t.startEvent, event);
        }
        break;
      case THREAD_JOIN:
        ControlledThread joined = (ControlledThread) t.pendingObject;
        if (joined != null && joined.finished) {
          trace.addCausalEdge(joined.endEvent, event);
        } else if (!t.interrupted) {
          timedOut(t);
        }
        break;
      case THREAD_SLEEP:
        timedOut(t);
        break;
      case MONITOR_ENTER:
        monitors.enter(t.pendingObject, t, t.pendingSite);
        break;
      case WAIT:
        t.notified = false;
        t.savedMonitorDepth = monitors.releaseAll(t.pendingObject, t);
        break;
      case WAKE:
        if (!t.notified && !t.interrupted) {
          timedOut(t);
        }
        monitors.reacquire(t.pendingObject, t, t.savedMonitorDepth, t.pendingSite);
        break;
      case NOTIFY:
        monitors.notifyOne(t.pendingObject);
        break;
      case NOTIFY_ALL:
        monitors.notifyAll(t.pendingObject);
        break;
      case THREAD_START:
        startChild(t, (Thread) t.pendingObject).startEvent = event;
        break;
      case THREAD_END:
        t.finished = true;
        t.endEvent = event;
        break;
      case THREAD_INTERRUPT:
        ((ControlledThread) t.pendingObject).interrupted = true;
        changed();
        break;
      default:
        break;
    }
  }

  /** A timed operation ran its course: virtual time has reached its deadline. */
  private void timedOut(ControlledThread t) {
    clock.advanceTo(t.pendingSince + t.pendingTimeout);
  }

  private void checkBudget(ControlledThread t) {
    if (++steps > maxSteps) {
      synchronized (this) {
        if (outcome == null) {
          outcome = RunResult.Outcome.FAILED;
          failure = Hangs.stepBudget(trace, sites, t, maxSteps);
        }
      }
      abort();
      throw ABORT;
    }
  }

  private ControlledThread startChild(ControlledThread parent, Thread logical) {
    String name = parent.stableName + "." + (++parent.children);
    ControlledThread child = newThread(name, logical);
    byLogical.put(logical, child);
    Thread carrier = new Thread(() -> runCarrier(child, logical::run), "weft-" + logical.getName());
    carrier.setDaemon(true);
    child.carrier = carrier;
    carrier.start();
    return child;
  }

  private void runCarrier(ControlledThread t, Runnable body) {
    t.bindToCurrentCarrier();
    try {
      awaitTurn(t);
      execute(t);
      body.run();
      point(t, EventKind.THREAD_END, Locations.NONE, SiteTable.SYNTHETIC, null, 0);
      afterThreadEnd(t);
    } catch (WeftAbort abort) {
      // the run ended early; unwinding is all that is left to do
    } catch (TargetExit exit) {
      synchronized (this) {
        if (outcome == null) {
          outcome = RunResult.Outcome.PASSED;
          diagnostic = exit.getMessage();
        }
      }
      abort();
    } catch (Throwable e) {
      if (!aborted) {
        synchronized (this) {
          if (outcome == null) {
            outcome = RunResult.Outcome.FAILED;
            failure = Failures.uncaught(t.toString(), e);
          }
        }
        abort();
      }
    } finally {
      t.unbindCarrier();
    }
  }

  private void afterThreadEnd(ControlledThread t) {
    ControlledThread next = decideOrRecheck(t);
    if (next == null) {
      noThreadEnabled();
      return;
    }
    handTurnTo(next);
  }

  /** Whether every live thread is an idle pool worker (and at least one is). */
  private boolean onlyIdleLeft() {
    boolean anyIdle = false;
    for (ControlledThread c : threads) {
      if (!c.finished) {
        if (!c.idle) {
          return false;
        }
        anyIdle = true;
      }
    }
    return anyIdle;
  }

  private void noThreadEnabled() {
    boolean allFinished = true;
    for (ControlledThread c : threads) {
      allFinished &= c.finished;
    }
    if (!allFinished && onlyIdleLeft()) {
      abort(); // idle pool workers are all that is left: the run is over, and they unwind
      return;
    }
    if (!allFinished) {
      synchronized (this) {
        if (outcome == null) {
          outcome = RunResult.Outcome.FAILED;
          failure = Deadlocks.describe(threads, monitors, sites, objects);
        }
      }
      abort();
    } else {
      ended.countDown();
    }
  }

  private void diverged(String why) {
    synchronized (this) {
      if (outcome == null) {
        outcome = RunResult.Outcome.DIVERGED;
        diagnostic = why;
      }
    }
    abort();
  }

  private void abort() {
    aborted = true;
    for (ControlledThread t : threadSnapshot) {
      if (t.carrier != null) {
        LockSupport.unpark(t.carrier);
      }
    }
    ended.countDown();
  }

  private void handTurnTo(ControlledThread next) {
    turn = next;
    if (next.parked) {
      LockSupport.unpark(next.carrier);
    }
  }

  private void awaitTurn(ControlledThread t) {
    int spins = 0;
    while (turn != t) {
      if (aborted) {
        throw ABORT;
      }
      if (spins < SPINS) {
        spins++;
        Thread.onSpinWait();
      } else {
        t.parked = true;
        if (turn != t && !aborted) {
          LockSupport.park(this);
        }
        t.parked = false;
      }
    }
    if (aborted) {
      throw ABORT;
    }
  }

  /** The strategy's window on the scheduler; one instance, reused at every point. */
  private final class PointView implements SchedulingPoint {
    int current;

    @Override
    public int step() {
      return steps;
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
    public int threadCount() {
      return threads.size();
    }

    @Override
    public EventKind pendingKind(int thread) {
      return threads.get(thread).pendingKind;
    }

    @Override
    public long pendingLocation(int thread) {
      return threads.get(thread).pendingLocation;
    }

    @Override
    public int pendingSite(int thread) {
      return threads.get(thread).pendingSite;
    }

    @Override
    public int pendingIndexInThread(int thread) {
      return trace.eventsOf(thread);
    }

    @Override
    public String threadName(int thread) {
      return threads.get(thread).stableName;
    }
  }
}
