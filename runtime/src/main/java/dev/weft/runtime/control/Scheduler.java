package dev.weft.runtime.control;

import dev.weft.runtime.api.HeldBackChoice;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.RunResult.Outcome;
import dev.weft.runtime.api.SchedulingPoint;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.carrier.Carrier;
import dev.weft.runtime.carrier.CarrierPool;
import dev.weft.runtime.carrier.WaitTicks;
import dev.weft.runtime.fairness.SpinFairness;
import dev.weft.runtime.local.LocalObjects;
import dev.weft.runtime.oracle.Deadlocks;
import dev.weft.runtime.oracle.Exits;
import dev.weft.runtime.oracle.ExpectedExceptions;
import dev.weft.runtime.oracle.Failure;
import dev.weft.runtime.oracle.Failures;
import dev.weft.runtime.oracle.StepBudget;
import dev.weft.runtime.outside.OutsideCall;
import dev.weft.runtime.outside.OutsideCalls;
import dev.weft.runtime.races.Race;
import dev.weft.runtime.races.RaceFailures;
import dev.weft.runtime.races.RaceLog;
import dev.weft.runtime.races.RaceMode;
import dev.weft.runtime.races.RaceOracle;
import dev.weft.runtime.strategy.DecisionPoint;
import dev.weft.runtime.sync.DaemonFlags;
import dev.weft.runtime.sync.Threads;
import dev.weft.runtime.time.ClockPolls;
import dev.weft.runtime.time.Identities;
import dev.weft.runtime.time.VirtualClock;
import dev.weft.trace.EventKind;
import dev.weft.trace.FieldTable;
import dev.weft.trace.Locations;
import dev.weft.trace.ObjectNames;
import dev.weft.trace.SiteTable;
import dev.weft.trace.StableVariables;
import dev.weft.trace.Trace;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;

/**
 * Serialises one run: exactly one controlled thread holds the turn between two scheduling points.
 * At each point the running thread announces its next event and what it may wait for, asks the
 * strategy which ready thread goes next, and hands the turn over if it is not itself. A thread that
 * is handed the turn executes (records) its announced event and runs on to its next point; what the
 * event does to a primitive is up to that primitive's model, once {@link #point} returns.
 */
public final class Scheduler {
  private final Strategy strategy;
  private final SiteTable sites;
  private final FieldTable fields;
  private final StepBudget budget;

  private final Trace trace = new Trace();
  private final ObjectNames objects = new ObjectNames();
  private final LocalObjects localObjects;

  private final RaceLog raceLog;

  /** Exceptions the program throws on purpose: a thread dying of one is no failure of the run. */
  private final ExpectedExceptions expected;

  private final IntArrayList decisions = new IntArrayList();
  private final List<ControlledThread> threads = new ArrayList<>();
  final UnfinishedThreads unfinished = new UnfinishedThreads();

  /** The threads polling now ({@link SpinFairness}). */
  final SpinFairness.Pollers pollers = new SpinFairness.Pollers();

  private final IdentityHashMap<Thread, ControlledThread> byLogical = new IdentityHashMap<>();

  private final DaemonFlags daemons = new DaemonFlags();

  private final DecisionPoint point;
  private final VirtualClock clock = new VirtualClock();

  private final Identities identities = new Identities();
  private final RunState run = new RunState();
  private final TurnHandoff handoff = new TurnHandoff(run);
  private Object[] locals = new Object[8];

  private volatile ControlledThread[] threadSnapshot = new ControlledThread[0];

  /**
   * Whether waiting threads may be offered to wake spuriously; see {@link
   * SchedulingPoint#spuriousCount}.
   */
  private final boolean spuriousWakeups;

  /** Calls to the strategy so far in this run: where a held-back choice was made. */
  private int pointsOffered;

  /** Moves on whenever modelled synchronisation state changes; blocked threads then retry. */
  private int syncVersion;

  /** Trace size at the last deadlock recheck; see {@link #decideOrRecheck}. */
  private int recheckedAt = -1;

  /** The run's calls outside itself. */
  private final OutsideCalls outside = new OutsideCalls();

  /**
   * @param races which races the run's oracle reports
   * @param captureStacksAt calls in the run's race log whose stacks to keep (a replay explaining a
   *     race found before)
   * @param locals the run's thread-local objects, whose accesses are no scheduling points
   * @param expected exceptions the program throws on purpose: a thread that dies of one is not a
   *     failure of the run (the rest of the run is judged as usual)
   * @param spuriousWakeups whether the strategy may wake a waiting thread spuriously, as the JVM
   *     may ({@code --no-spurious-wakeups} turns it off)
   */
  public Scheduler(
      Strategy strategy,
      SiteTable sites,
      FieldTable fields,
      int maxSteps,
      RaceMode races,
      IntSet captureStacksAt,
      LocalObjects locals,
      ExpectedExceptions expected,
      boolean spuriousWakeups) {
    this.spuriousWakeups = spuriousWakeups;
    this.expected = expected;
    this.strategy = strategy;
    this.localObjects = locals;
    this.sites = sites;
    this.fields = fields;
    this.budget = new StepBudget(maxSteps, trace, sites, unfinished::timeoutToComeSince);
    this.point =
        new DecisionPoint(threads, trace, budget, new StableVariables(objects, sites, fields));
    this.raceLog = races == RaceMode.OFF ? null : new RaceLog(races, trace, captureStacksAt);
  }

  // ---------------------------------------------------------------- run control (controller side)

  /**
   * Starts the run: the main controlled thread runs {@code body} on a carrier from the {@link
   * CarrierPool}, with {@code contextLoader} as its context class loader. The carrier is the main
   * thread's {@link Thread} object, as target code sees it.
   */
  public void startMain(Runnable body, ClassLoader contextLoader) {
    runLoader = contextLoader;
    ControlledThread main = newThread("main", null, false);
    main.assignment =
        new Carrier.Assignment("main", contextLoader, null, () -> runCarrier(main, body));
    Thread carrier = CarrierPool.start(main.assignment);
    main.carrier = carrier;
    main.logical = carrier;
    byLogical.put(carrier, main);
    handoff.give(main); // after the fields above: the carrier waits for its turn to read them
  }

  /**
   * Waits for the run to end, or until the next tick of a clock shared by all runs (every {@value
   * WaitTicks#PERIOD_MILLIS} ms), when the caller looks at the run's budgets; returns whether it
   * ended.
   */
  public boolean awaitEndOrTick() throws InterruptedException {
    return run.awaitEndOrTick();
  }

  /** Steps executed so far; read racily by the controller to notice a stalled run. */
  public int stepsSoFar() {
    return budget.steps();
  }

  /**
   * Steps and accesses to local objects so far, read racily by the controller: a thread busy with
   * objects of its own makes progress without steps.
   */
  public long progressSoFar() {
    return budget.steps() + localObjects.elidedAccesses();
  }

  public LocalObjects locals() {
    return localObjects;
  }

  /**
   * Whether {@code t}'s access to {@code obj} needs no scheduling point because only {@code t} can
   * reach the object. So many such accesses in a row, with no step between, that a thread running
   * alone would have spent its budget is a hang.
   */
  public boolean localAccess(ControlledThread t, Object obj, int site) {
    if (!localObjects.isLocal(obj, t)) {
      return false;
    }
    if (run.isAborted()) {
      throw WeftAbort.INSTANCE;
    }
    Failure hang = budget.localAccess(t, site);
    if (hang != null) {
      throw endAsHang(hang);
    }
    return true;
  }

  /**
   * Nanoseconds the run's threads spent in finished sections of Weft's own work ({@link OwnWork}).
   */
  private final LongAdder ownWork = new LongAdder();

  void ownWorkEnded(long nanos) {
    ownWork.add(nanos);
  }

  /**
   * Nanoseconds the run's threads have spent in Weft's own work so far ({@link OwnWork}), sections
   * under way at {@code now} included: time the run's wall budget does not count.
   */
  public long ownWorkNanos(long now) {
    long nanos = ownWork.sum();
    for (ControlledThread t : threadSnapshot) {
      nanos += t.ownWorkOpenNanos(now);
    }
    return nanos;
  }

  /**
   * The run's threads so far, in index order: a snapshot the controller may read while the run goes
   * on.
   */
  public List<ControlledThread> threadsSoFar() {
    return List.of(threadSnapshot);
  }

  /** The thread that holds the turn, or null; read racily by the controller's watchdog. */
  public ControlledThread turnHolder() {
    return handoff.holder();
  }

  /**
   * Whether at most one thread of the run is live (set-up before any {@code start}, or the last
   * thread left): read racily by the watchdog, whose stall budget does not apply to such a thread.
   */
  public boolean oneThreadLive() {
    return unfinished.count() <= 1;
  }

  /**
   * Thread {@code t} called {@code System.exit(status)}: the run ends there, as the JVM would. A
   * non-zero status is a failure of the run (an {@code exit} finding with {@code call}'s stack);
   * status 0 passes, with a note if other threads were still running.
   */
  void exited(ControlledThread t, int status, Throwable call) {
    if (run.isAborted()) {
      return;
    }
    if (status != 0) {
      run.settle(RunResult.Outcome.FAILED, Exits.nonZero(t.toString(), status, call), null);
    } else {
      run.settle(RunResult.Outcome.PASSED, null, Exits.zeroNote(t, threads));
    }
    abort();
  }

  /** Ends the run from outside: a wall-clock hang or code blocked outside Weft's control. */
  public void abortFromController(RunResult.Outcome why, Failure failure, String diagnostic) {
    run.settle(why, failure, diagnostic);
    abort();
  }

  /** Ends the run as skipped: the target did something Weft cannot control yet. */
  public void skip(String diagnostic) {
    abortFromController(RunResult.Outcome.SKIPPED, null, diagnostic);
  }

  /**
   * The run's result, with the race oracle's findings added: it looks at the whole trace, so it
   * runs once the run is over. A skipped run is not judged (code ran outside Weft's sight, and so
   * may have synchronised where the trace cannot show it), nor a replay that diverged.
   */
  public RunResult result(long nanos) {
    List<String> names = new ArrayList<>();
    List<String> programNames = new ArrayList<>();
    List<String> labels = new ArrayList<>(); // as messages name them: alice (main.1)
    for (ControlledThread t : threadSnapshot) {
      names.add(t.stableName);
      programNames.add(t.logical == null ? t.stableName : t.logical.getName());
      labels.add(t.toString());
    }
    RunResult.Outcome outcome = run.outcome();
    List<Failure> failures = run.failures();
    List<Race> races = List.of();
    if (raceLog != null
        && outcome != RunResult.Outcome.SKIPPED
        && outcome != RunResult.Outcome.DIVERGED) {
      races = RaceOracle.find(trace, raceLog, sites, fields, objects);
      if (!races.isEmpty()) {
        failures = RaceFailures.withRaces(failures, races, sites, labels);
        outcome = RunResult.Outcome.FAILED;
      }
    }
    return new RunResult(
        outcome,
        failures,
        races,
        trace,
        decisions.toIntArray(),
        names,
        budget.steps(),
        nanos,
        run.diagnostic() != null ? run.diagnostic() : outside.note(),
        programNames);
  }

  /**
   * The race log a call of thread {@code t} goes into, or null: no oracle, the run is over, or the
   * thread runs a static initialiser (the JVM orders it before every use of the class).
   */
  RaceLog raceLog() {
    return raceLog;
  }

  public RaceLog raceLogFor(ControlledThread t) {
    if (raceLog == null || t.initialisingClass() || run.isAborted()) {
      return null;
    }
    return raceLog;
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

  public Trace trace() {
    return trace;
  }

  public int lastEvent() {
    return trace.size() - 1;
  }

  /**
   * The update recorded as {@code event} failed (a compare-and-set that found another value): it
   * only read its location, so the trace says so, and it changed no shared state for the judgement
   * of an endless run ({@link StepBudget#updateFailed}).
   */
  public void updateFailed(int event) {
    trace.setKind(event, EventKind.READ);
    budget.updateFailed(event);
  }

  public VirtualClock clock() {
    return clock;
  }

  /** Target code of {@code t} reads the clock: it moves on first (see {@link ClockPolls}). */
  public VirtualClock readClock(ControlledThread t) {
    clock.read(t.clockPolls, budget.sharedChanges());
    return clock;
  }

  public Identities identities() {
    return identities;
  }

  public boolean isAborted() {
    return run.isAborted();
  }

  @SuppressWarnings("unchecked")
  <T> T local(RunLocal<T> slot) {
    if (slot.index >= locals.length) {
      locals = Arrays.copyOf(locals, Math.max(slot.index + 1, locals.length * 2));
    }
    Object value = locals[slot.index];
    if (value == null) {
      value = slot.initial.get();
      locals[slot.index] = value;
    }
    return (T) value;
  }

  // ------------------------------------------------------------------- scheduling points (hooks)

  /**
   * A scheduling point whose operation can always go on: announce the next event, let the strategy
   * pick, then execute it. A positive {@code timeoutNanos} means the operation may end by timing
   * out whenever the strategy picks it.
   */
  public void point(
      ControlledThread t, EventKind kind, long location, int site, Object obj, long timeoutNanos) {
    point(t, kind, location, site, obj, timeoutNanos, Wait.NONE);
  }

  /** A scheduling point whose operation may have to wait: {@code wait} says when it can go on. */
  public void point(
      ControlledThread t,
      EventKind kind,
      long location,
      int site,
      Object obj,
      long timeoutNanos,
      Wait wait) {
    if (run.isAborted()) {
      throw WeftAbort.INSTANCE;
    }
    t.announce(kind, location, site, obj, timeoutNanos);
    t.pendingSince = clock.elapsed();
    t.await(wait);
    takeTurn(t);
    t.await(Wait.NONE);
    execute(t);
  }

  /**
   * A blocking operation modelled by retrying its non-blocking form: once picked, the thread runs
   * {@code attempt}; if it fails, the thread is not enabled again until modelled synchronisation
   * state changes ({@link #changed}), it is interrupted (if {@code interruptible}), or, with a
   * timeout, the strategy picks it to time out. The event is recorded only when the attempt
   * succeeds. {@code timeoutNanos}: negative waits for ever, zero does not wait at all.
   */
  public Blocked block(
      ControlledThread t,
      EventKind kind,
      long location,
      int site,
      Object obj,
      long timeoutNanos,
      boolean interruptible,
      BooleanSupplier attempt) {
    return block(t, kind, location, site, obj, timeoutNanos, interruptible, false, attempt);
  }

  /**
   * As {@link #block(ControlledThread, EventKind, long, int, Object, long, boolean,
   * BooleanSupplier)}; if {@code mayWakeSpuriously}, the strategy may also end the wait after a
   * failed attempt without another ({@link Blocked#SPURIOUS}), as {@code park} and {@code await}
   * may return on the JVM.
   */
  public Blocked block(
      ControlledThread t,
      EventKind kind,
      long location,
      int site,
      Object obj,
      long timeoutNanos,
      boolean interruptible,
      boolean mayWakeSpuriously,
      BooleanSupplier attempt) {
    if (run.isAborted()) {
      throw WeftAbort.INSTANCE;
    }
    long since = clock.elapsed();
    RetryWait wait = new RetryWait(this, interruptible, mayWakeSpuriously);
    t.await(wait);
    try {
      while (true) {
        t.announce(kind, location, site, obj, Math.max(0, timeoutNanos));
        t.pendingSince = since;
        takeTurn(t);
        if (interruptible && t.isInterrupted()) {
          t.setInterrupted(false);
          checkBudget(t);
          return Blocked.INTERRUPTED;
        }
        if (t.consumeSpuriousWakeup()) {
          wait.awaitingChange = false;
          record(t, kind, location, site);
          trace.markSpuriousWake(trace.size() - 1);
          return Blocked.SPURIOUS;
        }
        boolean retry = wait.awaitingChange && wait.blockedAtVersion != syncVersion;
        if (attempt.getAsBoolean()) {
          wait.awaitingChange = false;
          checkBudget(t);
          trace.append(t.index, kind, site, location);
          afterEvent(t, kind, location, site);
          return Blocked.DONE;
        }
        if (timeoutNanos == 0 || (timeoutNanos > 0 && wait.awaitingChange && !retry)) {
          clock.advanceTo(since + Math.max(0, timeoutNanos));
          t.timedOutAtStep = budget.steps();
          record(t, EventKind.READ, location, site); // the failed attempt observed the state
          return Blocked.TIMED_OUT;
        }
        checkBudget(t);
        wait.awaitingChange = true;
        wait.blockedAtVersion = syncVersion;
      }
    } finally {
      t.await(Wait.NONE);
    }
  }

  // ------------------------------------------------------------------- calls outside the run

  /**
   * {@code t} is about to make a call that waits on something outside the run, {@code what} (a
   * peer's address): the step into it is a scheduling point; then, if another thread can run,
   * {@code t} gives up the turn for the call and takes it back in {@link OutsideCall#back}, whose
   * step is the call's return. See {@link OutsideCall}.
   */
  public OutsideCall leave(
      ControlledThread t, EventKind kind, long location, int site, Object obj, String what) {
    point(t, kind, location, site, obj, 0);
    outside.made(what);
    OutsideCall call = new OutsideCall(this, t, what);
    t.announce(kind, location, site, obj, 0);
    t.pendingSince = clock.elapsed();
    t.await(call);
    ControlledThread next = t.inAtomicSection() || !othersCouldRun(t) ? null : decideOrRecheck(t);
    call.enterKernel();
    if (next == null || next == t) {
      return call; // nobody else could use the turn: it keeps it through the call
    }
    outside.gaveUpTurn(call);
    Carrier.bindCurrent(null); // in the call the thread is the JVM's: no hook of Weft's sees it
    handoff.give(next);
    return call;
  }

  /**
   * {@code t}'s call outside the run has returned: it takes the turn back and records it. Only
   * {@link OutsideCall#back} calls it.
   */
  public void outsideReturned(ControlledThread t, OutsideCall call) {
    if (call.gaveUpTurn()) {
      outside.returned();
      handoff.await(t);
      outside.turnTakenBack(call);
    } else {
      takeTurn(t);
    }
    t.await(Wait.NONE);
    execute(t);
  }

  /** Whether the thread holding the turn waits for a call outside the run to return. */
  public boolean awaitsOutside() {
    return outside.awaited();
  }

  /**
   * No thread can run, and some gave up the turn for a call outside the run: waits, in real time,
   * until one returns (true), or until the soonest timed wait of the run could have run out, when
   * those may time out instead (false). Returns false at once if no such call is under way.
   */
  private boolean awaitOutside() {
    return outside.underWay()
        && outside.awaitReturn(unfinished.soonestTimeoutNanos(clock.elapsed()), run::isAborted);
  }

  /** Whether a thread other than {@code t} could run now, without waiting for anything. */
  public boolean othersCouldRun(ControlledThread t) {
    return unfinished.anyReadyBut(t);
  }

  /** Whether a thread of this run waits under control for the initialisation of {@code type}. */
  public boolean awaitsInitialisationOf(Class<?> type) {
    return unfinished.anyAwaitingInitialisationOf(type);
  }

  /** Modelled synchronisation state changed: threads blocked in {@link #block} may retry. */
  public void changed() {
    syncVersion++;
  }

  int syncVersion() {
    return syncVersion;
  }

  /** A timed operation ran its course: virtual time has reached the thread's deadline. */
  public void timedOut(ControlledThread t) {
    clock.advanceTo(t.pendingSince + t.pendingTimeout);
    t.timedOutAtStep = budget.steps();
  }

  /** Records an event that needs no decision (releasing a monitor): the thread keeps the turn. */
  public void record(ControlledThread t, EventKind kind, long location, int site) {
    if (run.isAborted()) {
      return;
    }
    checkBudget(t);
    trace.append(t.index, kind, site, location);
    afterEvent(t, kind, location, site);
  }

  /** The run will have about {@code events} events (the last run of the same program had). */
  public void expectEvents(int events) {
    trace.reserve(events);
  }

  /**
   * The run will name about {@code named} objects and call on {@code watched} objects the race
   * oracle watches (the last run of the same program did).
   */
  public void expectObjects(int named, int watched) {
    objects.expect(named);
    if (raceLog != null) {
      raceLog.expect(watched);
    }
  }

  /** Objects the race oracle watched in this run. */
  public int watchedObjects() {
    return raceLog == null ? 0 : raceLog.objectCount();
  }

  public long objectLocation(Object obj, int member, int site) {
    return Locations.of(objects.numberOf(obj, site), member);
  }

  /** A thread's own location: its start, join, interrupt and permit. */
  public long threadLocation(Thread thread, int site) {
    return Locations.of(objects.numberOf(thread, site), Locations.THREAD_MEMBER);
  }

  public long lockLocation(Object obj, int site) {
    return Locations.of(objects.numberOf(obj, site), Locations.LOCK_MEMBER);
  }

  public void allocated(Object obj, int site) {
    objects.allocated(obj, site);
  }

  /** The daemon flags of the run's target thread objects. */
  public DaemonFlags daemons() {
    return daemons;
  }

  /** The controlled thread of a target {@link Thread} object, or null if it was never started. */
  public ControlledThread threadOf(Thread logical) {
    return byLogical.get(logical);
  }

  /**
   * The controlled thread whose target {@code Thread} or whose carrier {@code thread} is, or null:
   * JDK code names a thread by {@code Thread.currentThread()}, which is its carrier.
   */
  public ControlledThread threadOfCarrierOrLogical(Thread thread) {
    ControlledThread t = byLogical.get(thread);
    if (t != null) {
      return t;
    }
    for (ControlledThread c : threads) {
      if (c.carrier == thread) {
        return c;
      }
    }
    return null;
  }

  /** The class loader of the run's target code (the main thread's context loader). */
  public ClassLoader runLoader() {
    return runLoader;
  }

  private ClassLoader runLoader;

  // ------------------------------------------------------------------------------ internals

  private void takeTurn(ControlledThread t) {
    if (run.isAborted()) {
      throw WeftAbort.INSTANCE;
    }
    if (t.inAtomicSection() && t.readiness() == Readiness.READY) {
      return;
    }
    ControlledThread next = decideOrRecheck(t);
    if (next == null) {
      noThreadEnabled();
      throw WeftAbort.INSTANCE;
    }
    if (next != t) {
      handoff.give(next);
      handoff.await(t);
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
      if (!c.isFinished() && c.wait instanceof RetryWait r && r.awaitingChange) {
        recheckedAt = trace.size();
        changed();
        return decide(current);
      }
    }
    return null;
  }

  private void afterEvent(ControlledThread t, EventKind kind, long location, int site) {
    clock.tick();
    budget.executed(kind, trace.size() - 1);
    SpinFairness.executed(t.spin, kind, location, site);
    if (kind.writes()) {
      SpinFairness.written(t, location, pollers);
    }
  }

  private ControlledThread newThread(String name, Thread logical, boolean daemon) {
    ControlledThread t = new ControlledThread(this, threads.size(), name, logical, daemon);
    t.announce(EventKind.THREAD_BEGIN, Locations.NONE, SiteTable.SYNTHETIC, null, 0);
    threads.add(t);
    unfinished.add(t);
    threadSnapshot = threads.toArray(new ControlledThread[0]);
    point.fit(threads.size());
    return t;
  }

  private ControlledThread decide(ControlledThread current) {
    boolean anyLive = unfinished.count() > 0;
    boolean alive = unfinished.keepsAlive() > 0; // some thread keeps the run going
    int n = point.gather(unfinished, spuriousWakeups);
    if (!alive && anyLive) {
      return null; // only idle workers and daemons left: the program is over, as on the JVM
    }
    if (n == 0 && outside.any() && awaitOutside()) {
      return decide(current); // a call outside the run returned: its thread can go on
    }
    if (n == 0) {
      n = point.onlyToTimeOut(unfinished);
    }
    if (n == 0) {
      return null;
    }
    budget.contended(point.contended());
    int offered = point.offered(n);
    if (budget.fair()) {
      return threads.get(point.roundRobin(n, offered, current.index, clock.elapsed()));
    }
    int wakeable = point.offer(offered, n, current.index);
    int at = pointsOffered++;
    int choice = strategy.choose(point);
    if (choice < 0 || choice >= n + wakeable) {
      diverged(
          "strategy chose position "
              + choice
              + " of "
              + offered
              + " enabled threads, "
              + (n - offered)
              + " held back and "
              + wakeable
              + " that may wake spuriously at step "
              + budget.steps());
      throw WeftAbort.INSTANCE;
    }
    int chosen = point.chosen(choice, n);
    if (choice >= offered) {
      decisions.add(HeldBackChoice.marker(chosen));
      decisions.add(at);
    } else if (offered > 1) {
      decisions.add(chosen);
    }
    ControlledThread next = threads.get(chosen);
    if (choice >= n) {
      next.wakeSpuriously();
    }
    return next;
  }

  /** Records the announced event; thread lifecycle events also take effect here. */
  private void execute(ControlledThread t) {
    checkBudget(t);
    EventKind kind = t.pendingKind;
    int event = trace.append(t.index, kind, t.pendingSite, t.pendingLocation);
    if (t.wokenSpuriously()) {
      trace.markSpuriousWake(event);
    }
    afterEvent(t, kind, t.pendingLocation, t.pendingSite);
    switch (kind) {
      case THREAD_BEGIN:
        t.state = ThreadState.RUNNABLE;
        if (t.startEvent >= 0) {
          trace.addCausalEdge(t.startEvent, event);
        }
        break;
      case THREAD_JOIN:
        ControlledThread joined = (ControlledThread) t.pendingObject;
        if (joined != null && joined.isFinished()) {
          trace.addCausalEdge(joined.endEvent, event);
        } else if (!t.isInterrupted()) {
          timedOut(t);
        }
        break;
      case THREAD_SLEEP:
        timedOut(t);
        break;
      case THREAD_START:
        startChild(t, (Thread) t.pendingObject).startEvent = event;
        break;
      case THREAD_END:
        t.state = ThreadState.FINISHED;
        unfinished.finished(t);
        t.endEvent = event;
        break;
      case THREAD_INTERRUPT:
        ((ControlledThread) t.pendingObject).setInterrupted(true);
        changed();
        break;
      default:
        break;
    }
  }

  /** Ends the run at a step that spent its budget (a hang) or outgrew its trace's memory. */
  private void checkBudget(ControlledThread t) {
    Failure hang = budget.step(t);
    String outgrown = hang == null ? budget.outgrownMemory() : null;
    if (hang != null || outgrown != null) {
      abortFromController(hang != null ? Outcome.FAILED : Outcome.SKIPPED, hang, outgrown);
      throw WeftAbort.INSTANCE;
    }
  }

  /** Ends the run with {@code hang}; returns the abort for the caller to throw. */
  private WeftAbort endAsHang(Failure hang) {
    abortFromController(Outcome.FAILED, hang, null);
    return WeftAbort.INSTANCE;
  }

  private ControlledThread startChild(ControlledThread parent, Thread logical) {
    String name = parent.stableName + "." + (++parent.children);
    ControlledThread child = newThread(name, logical, daemons.ofStarted(logical, parent));
    byLogical.put(logical, child);
    child.assignment =
        new Carrier.Assignment(
            logical.getName(),
            logical.getContextClassLoader(),
            logical,
            () -> runCarrier(child, logical::run));
    child.carrier = CarrierPool.start(child.assignment);
    return child;
  }

  private void runCarrier(ControlledThread t, Runnable body) {
    t.bindToCurrentCarrier();
    try {
      handoff.await(t);
      execute(t);
      try {
        body.run();
      } catch (WeftAbort | TargetExit stop) {
        throw stop;
      } catch (Throwable e) {
        if (run.isAborted()) {
          throw WeftAbort.INSTANCE;
        }
        uncaught(t, e);
      }
      point(t, EventKind.THREAD_END, Locations.NONE, SiteTable.SYNTHETIC, null, 0);
      afterThreadEnd(t);
    } catch (WeftAbort abort) {
      // the run ended early; unwinding is all that is left to do
    } catch (TargetExit exit) {
      run.settle(RunResult.Outcome.PASSED, null, exit.getMessage());
      abort();
    } catch (Throwable e) {
      if (!run.isAborted()) { // Weft itself failed while ending the thread
        run.settle(RunResult.Outcome.FAILED, Failures.uncaught(t.toString(), e), null);
        abort();
      }
    } finally {
      t.unbindCarrier();
    }
  }

  /**
   * An exception ended thread {@code t}, as it ends only its own thread on the JVM: the thread's
   * own handler (set by the target with {@code setUncaughtExceptionHandler}, or a thread group that
   * overrides {@code uncaughtException}) gets it; otherwise it is a failure of the run, and the run
   * goes on to its natural end, so that what follows (a thread waiting for the dead one) is seen
   * too.
   */
  private void uncaught(ControlledThread t, Throwable e) {
    t.leaveAtomicSections();
    if (Threads.handledByOwnHandler(t.logical, e)) {
      return;
    }
    if (expected.matches(e)) {
      return; // thrown on purpose (--ignore-exception): the thread ends, the run goes on
    }
    run.failed(Failures.uncaught(t.toString(), e));
  }

  private void afterThreadEnd(ControlledThread t) {
    ControlledThread next = decideOrRecheck(t);
    if (next == null) {
      noThreadEnabled();
      return;
    }
    handoff.give(next);
  }

  private void noThreadEnabled() {
    boolean allFinished = true;
    for (ControlledThread c : threads) {
      allFinished &= c.isFinished();
    }
    if (!allFinished && Deadlocks.onlyIdleOrDaemonsLeft(threads)) {
      abort(); // idle pool workers and daemons are all that is left: the run is over
      return;
    }
    if (!allFinished) {
      run.settle(
          RunResult.Outcome.FAILED, Deadlocks.describe(threads, sites, this::describeObject), null);
      abort();
    } else {
      run.end();
    }
  }

  /**
   * Names an object by its allocation site, which (unlike an identity hash) is equal in a replay.
   */
  private String describeObject(Object o, int site) {
    return o.getClass().getSimpleName() + " " + objects.describe(objects.numberOf(o, site), sites);
  }

  private void diverged(String why) {
    String note = outside.note();
    run.settle(RunResult.Outcome.DIVERGED, null, note == null ? why : why + "; " + note);
    abort();
  }

  private void abort() {
    run.markAborted();
    handoff.wakeAll(threadSnapshot);
    run.end();
  }
}
