package dev.weft.runtime.exec;

import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.carrier.CarrierPool;
import dev.weft.runtime.carrier.OpenPackages;
import dev.weft.runtime.control.ActiveRun;
import dev.weft.runtime.control.Scheduler;
import dev.weft.runtime.input.BranchCoverage;
import dev.weft.runtime.input.FuzzedInput;
import dev.weft.runtime.input.InputParameter;
import dev.weft.runtime.input.RunEdges;
import dev.weft.runtime.instrument.DefinedClasses;
import dev.weft.runtime.instrument.Instrumenter;
import dev.weft.runtime.instrument.RejectedClasses;
import dev.weft.runtime.instrument.TargetClassLoader;
import dev.weft.runtime.jdk.inside.ControlledJdk;
import dev.weft.runtime.local.LocalJdkClasses;
import dev.weft.runtime.local.LocalObjects;
import dev.weft.runtime.oracle.ExpectedExceptions;
import dev.weft.runtime.oracle.Failure;
import dev.weft.runtime.races.RaceMode;
import dev.weft.runtime.random.RunRandomProvider;
import dev.weft.runtime.resources.RunResources;
import dev.weft.runtime.statics.ClassInits;
import dev.weft.runtime.statics.RewriteMembersHidden;
import dev.weft.trace.SiteTable;
import it.unimi.dsi.fastutil.ints.IntSet;
import it.unimi.dsi.fastutil.ints.IntSets;
import java.lang.ref.Cleaner;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Executes one run of the target under a {@link Scheduler}: a fresh class loader (or, with classes
 * reused across runs, the one loader the runs share, its classes initialised afresh), a controlled
 * main thread, and a watchdog that turns stalls into findings or skipped runs so that Weft itself
 * never hangs. Carriers that cannot be stopped (a thread spinning without ever reaching a
 * scheduling point) are counted as leaked.
 */
public final class RunExecutor {
  private static final long CARRIER_EXIT_MILLIS = 2_000;

  /** How long after the carriers' exit a thread seen running is looked at again. */
  private static final long RUNNING_RECHECK_MILLIS = 50;

  /** How long a carrier still inside Weft's own work after its run ended is waited for. */
  private static final long OWN_WORK_EXIT_MILLIS = 60_000;

  private final Instrumenter instrumenter;
  private final TargetSpec target;
  private final RunBudget budget;
  private final RaceMode races;
  private final boolean localObjects;
  private final ExpectedExceptions expected;
  private final boolean spuriousWakeups;
  private LocalObjects lastLocalObjects = LocalObjects.off();

  /**
   * Takes an executor's shared classes out of the JDK's reflection filter once the executor is
   * gone, so that they and their statics can be collected.
   */
  private static final Cleaner GIVEN_UP = Cleaner.create();

  private int lastRunObjects;
  private int lastRunWatched;

  /** Events of the last run, to size the next run's trace. */
  private int lastRunEvents;

  /** When runs are ended, unjudged ({@link #endRunsAt}); {@link Long#MAX_VALUE} for never. */
  private long deadline = Long.MAX_VALUE;

  private boolean lastRunOutOfTime;

  private int leakedThreads;

  /** The input the next runs get, if the target takes one ({@link #useInput}). */
  private byte[] input = new byte[0];

  /** The last run's input as the target consumed it. */
  private FuzzedInput lastInput = new FuzzedInput(new byte[0]);

  /** The branch edges each run takes, one map reused. */
  private final BranchCoverage branches = new BranchCoverage();

  /** What the target method takes from the input; known once it was resolved. */
  private InputParameter takesInput = InputParameter.NONE;

  /** Whether the last run left a thread running that could not be stopped. */
  private boolean lastRunLeftRunning;

  /** Whether the last run left threads behind that could not be stopped, all of them blocked. */
  private boolean lastRunLeftBlocked;

  /** Whether any run left a thread running that could not be stopped. */
  private boolean leftRunning;

  /**
   * How many threads blocked where Weft does not control them the runs may leave behind before the
   * campaign stops: each holds a parked platform thread and its stack, but no processor.
   */
  public static final int MAX_BLOCKED_LEAKS = 32;

  /** What the unfinished threads of the last run that left some were doing when it ended. */
  private List<String> lastLeaked = List.of();

  /** The loader every run uses while the target's classes are reused across runs, else null. */
  private TargetClassLoader reusedLoader;

  /** Why classes stopped being reused, once they did; null while they are (or were never asked). */
  private String reuseStopped;

  private boolean reuseStoppedTaken;

  /** Whether the last run used the shared loader. */
  private boolean lastRunReused;

  /** Whether the next run must have classes of its own, reuse or not. */
  private boolean freshClassesNext;

  /**
   * Whether runs track thread-local objects unless told otherwise: on, or off with {@code
   * -Dweft.localObjects=off}.
   */
  public static final boolean LOCAL_OBJECTS_DEFAULT =
      !"off".equals(System.getProperty("weft.localObjects"));

  static {
    ControlledJdk.installIfInUse(); // a JVM given the instrumented java.base: its monitors too
  }

  public RunExecutor(Instrumenter instrumenter, TargetSpec target, RunBudget budget) {
    this(instrumenter, target, budget, RaceMode.DEFAULT);
  }

  /** An executor whose runs' race oracle reports {@code races}. */
  public RunExecutor(
      Instrumenter instrumenter, TargetSpec target, RunBudget budget, RaceMode races) {
    this(instrumenter, target, budget, races, localObjectsByDefault(races));
  }

  /**
   * Whether runs with this race mode track thread-local objects unless told: as {@link
   * #LOCAL_OBJECTS_DEFAULT}, but never with {@code fields}, whose oracle must see the accesses made
   * before an object was published.
   */
  public static boolean localObjectsByDefault(RaceMode races) {
    return LOCAL_OBJECTS_DEFAULT && races != RaceMode.FIELDS;
  }

  /**
   * An executor whose runs' race oracle reports {@code races}, and whose runs give accesses to
   * thread-local objects no scheduling point if {@code localObjects}. New campaigns with {@code
   * --races fields} keep it off: an access made before its object escaped would be missing from the
   * oracle's view of an unsafe publication.
   */
  public RunExecutor(
      Instrumenter instrumenter,
      TargetSpec target,
      RunBudget budget,
      RaceMode races,
      boolean localObjects) {
    this(instrumenter, target, budget, races, localObjects, ExpectedExceptions.NONE);
  }

  /**
   * An executor as above whose runs do not count a thread that dies of one of the {@code expected}
   * exceptions as a failure ({@code --ignore-exception}).
   */
  public RunExecutor(
      Instrumenter instrumenter,
      TargetSpec target,
      RunBudget budget,
      RaceMode races,
      boolean localObjects,
      ExpectedExceptions expected) {
    this(instrumenter, target, budget, races, localObjects, expected, SPURIOUS_WAKEUPS_DEFAULT);
  }

  /**
   * Whether runs may wake waiting threads spuriously unless told otherwise: on, or off with {@code
   * -Dweft.spuriousWakeups=off} (what {@code fuzz --no-spurious-wakeups} records as a JVM option,
   * so that its workers, resumed sessions and replays run alike).
   */
  public static final boolean SPURIOUS_WAKEUPS_DEFAULT =
      !"off".equals(System.getProperty("weft.spuriousWakeups"));

  /**
   * An executor as above whose runs may wake a waiting thread spuriously (as the JVM may wake
   * {@code wait}, {@code park} and {@code await}) if {@code spuriousWakeups}; off with {@code
   * --no-spurious-wakeups}. A replay may leave it on whatever the run it replays had: a thread is
   * woken so only where a recorded decision says.
   */
  public RunExecutor(
      Instrumenter instrumenter,
      TargetSpec target,
      RunBudget budget,
      RaceMode races,
      boolean localObjects,
      ExpectedExceptions expected,
      boolean spuriousWakeups) {
    this.spuriousWakeups = spuriousWakeups;
    this.expected = expected;
    this.instrumenter = instrumenter;
    this.target = target;
    this.budget = budget;
    this.races = races;
    this.localObjects = localObjects;
    instrumenter.markCallEscapes(localObjects);
    DefinedClasses.ensureInstalled();
    OpenPackages.useAgent(DefinedClasses.instrumentation());
    CarrierPool.enable();
    RunRandomProvider.install();
    Instrumenter.initialiseHooks(); // not on a run's thread, where it would seem the program's time
  }

  public RaceMode races() {
    return races;
  }

  /** The exceptions the target throws on purpose, which no run counts as a failure. */
  public ExpectedExceptions expectedExceptions() {
    return expected;
  }

  /** Whether runs may wake a waiting thread spuriously. */
  public boolean spuriousWakeups() {
    return spuriousWakeups;
  }

  /** Whether runs track thread-local objects (their accesses are no scheduling points). */
  public boolean localObjects() {
    return localObjects;
  }

  /** The last run's thread-local objects, for their counts. */
  public LocalObjects lastLocalObjects() {
    return lastLocalObjects;
  }

  /** Checks that the target class and method exist, without running anything. */
  public void validate() throws TargetException {
    TargetClassLoader loader = new TargetClassLoader(instrumenter);
    while (true) {
      try {
        takesInput = TargetEntry.resolve(target, loader).input();
        return;
      } catch (VerifyError | ClassFormatError e) {
        if (giveUpRejected(e.toString()) == null) {
          throw e;
        }
        loader = new TargetClassLoader(instrumenter);
      }
    }
  }

  /**
   * Gives up the instrumentation of the classes a rejection names (its text: a message or a stack
   * trace) that Weft instrumented; returns what to say about it, or null if there were none.
   */
  private String giveUpRejected(String rejection) {
    List<String> given = new ArrayList<>();
    for (String name : RejectedClasses.named(rejection)) {
      if (instrumenter.giveUp(name, rejection)) {
        given.add(name);
      }
    }
    if (given.isEmpty()) {
      return null;
    }
    dropReusedLoader();
    return "the JVM rejected Weft's instrumentation of "
        + String.join(", ", given)
        + " (Weft's fault, not the program's); it runs uninstrumented from now on: "
        + firstLine(rejection);
  }

  private static String firstLine(String text) {
    int newline = text.indexOf('\n');
    return newline < 0 ? text : text.substring(0, newline);
  }

  /** The next run gets a new shared loader, without the classes defined in this one. */
  private void dropReusedLoader() {
    if (reusedLoader != null) {
      RewriteMembersHidden.forget(reusedLoader);
      reusedLoader = null;
    }
  }

  /**
   * A run in which the JVM rejected a class Weft instrumented is skipped: its failure is Weft's,
   * and the class runs uninstrumented from the next run on.
   */
  private RunResult withoutRejections(RunResult result) {
    for (Failure f : result.failures()) {
      String said = giveUpRejected(f.details() == null ? f.message() : f.details());
      if (said != null) {
        return new RunResult(
            RunResult.Outcome.SKIPPED,
            List.of(),
            List.of(),
            result.trace(),
            result.decisions(),
            result.threadNames(),
            result.steps(),
            result.nanos(),
            said,
            result.programNames());
      }
    }
    return result;
  }

  /** The sites of the instrumented target, for strategies that need their stable keys. */
  public SiteTable sites() {
    return instrumenter.sites();
  }

  public TargetSpec target() {
    return target;
  }

  /** What was instrumented for this target, and what could not be. */
  public Instrumenter instrumenter() {
    return instrumenter;
  }

  /**
   * Whether the target takes an input ({@code byte[]} or Jazzer's {@code FuzzedDataProvider}), so
   * that its input is searched with its schedule; known after {@link #validate} or a run.
   */
  public boolean takesInput() {
    return takesInput != InputParameter.NONE;
  }

  /** The input bytes of the runs from now on (a copy is kept); empty until set. */
  public void useInput(byte[] bytes) {
    input = bytes.clone();
  }

  /** The input the next run gets. */
  public byte[] input() {
    return input.clone();
  }

  /** The last run's input, with the values the target consumed from it. */
  public FuzzedInput lastInput() {
    return lastInput;
  }

  /** The branch edges the last run took, and the comparisons it made. */
  public RunEdges lastRunEdges() {
    return branches.edges();
  }

  /** Carriers that did not end after their run; they are daemon threads stuck in target code. */
  public int leakedThreads() {
    return leakedThreads;
  }

  public RunResult execute(Strategy strategy, long runNumber) throws TargetException {
    return execute(strategy, runNumber, IntSets.EMPTY_SET);
  }

  /**
   * One run that keeps the target stacks of the given calls of its race log: a replay of a run that
   * raced, to show where both accesses came from ({@link RaceStacks}).
   */
  public RunResult execute(Strategy strategy, long runNumber, IntSet captureStacksAt)
      throws TargetException {
    return execute(strategy, runNumber, captureStacksAt, budget);
  }

  /**
   * One run with the budget {@code larger} (steps, stall and wall-clock time), which may end up to
   * {@code graceNanos} past the deadline ({@link #endRunsAt}): a hang is confirmed by a replay that
   * hangs again with a larger budget, so that a run that was only slow (a loaded machine, a long
   * set-up) is no finding, and a hang found just before the deadline still gets a few seconds.
   */
  public RunResult executeWithBudget(
      Strategy strategy, long runNumber, RunBudget larger, long graceNanos) throws TargetException {
    long saved = deadline;
    deadline = saved == Long.MAX_VALUE ? saved : saved + graceNanos;
    try {
      return execute(strategy, runNumber, IntSets.EMPTY_SET, larger);
    } finally {
      deadline = saved;
    }
  }

  /**
   * Ends every run still going at {@code nanoTime} (of {@link System#nanoTime}) as skipped ({@link
   * #lastRunOutOfTime}): the session's {@code --time} bounds each run, its replays too, so that no
   * run keeps the process beyond it for a whole run timeout.
   */
  public void endRunsAt(long nanoTime) {
    deadline = nanoTime;
  }

  /** Whether the last run was ended by the deadline ({@link #endRunsAt}), not judged. */
  public boolean lastRunOutOfTime() {
    return lastRunOutOfTime;
  }

  /** The budget of each run. */
  public RunBudget budget() {
    return budget;
  }

  private RunResult execute(
      Strategy strategy, long runNumber, IntSet captureStacksAt, RunBudget runBudget)
      throws TargetException {
    lastRunOutOfTime = false;
    instrumenter.resetModels();
    TargetClassLoader loader = loaderForRun();
    TargetEntry entry = null;
    while (entry == null) {
      try {
        entry = TargetEntry.resolve(target, loader);
      } catch (VerifyError | ClassFormatError e) {
        if (giveUpRejected(e.toString()) == null) {
          throw e;
        }
        loader = loaderForRun();
      }
    }
    TargetEntry resolved = entry;
    takesInput = entry.input();
    FuzzedInput data = new FuzzedInput(input);
    lastInput = data;
    LocalObjects locals =
        new LocalObjects(
            localObjects,
            c -> TargetClassLoader.isFullyInstrumented(c) || LocalJdkClasses.isAdopted(c));
    locals.expect(lastLocalObjects.trackedCount(), lastLocalObjects.viewCount());
    Scheduler scheduler =
        new Scheduler(
            strategy,
            instrumenter.sites(),
            instrumenter.fields(),
            runBudget.maxSteps(),
            races,
            captureStacksAt,
            locals,
            expected,
            spuriousWakeups);
    lastLocalObjects = locals;
    scheduler.expectEvents(lastRunEvents);
    scheduler.expectObjects(lastRunObjects, lastRunWatched);
    strategy.beginRun(runNumber);
    long start = System.nanoTime();
    ActiveRun.activate(scheduler);
    try {
      // as on the JVM, code that loads through the context loader (ServiceLoader, mocking and
      // scripting libraries, JDBC) finds the target's classes; threads it starts inherit the loader
      if (takesInput()) {
        branches.begin(); // only a fuzz target's runs count edges: no input search needs others'
      }
      scheduler.startMain(() -> invoke(resolved, data), loader);
      StallWatch stallWatch = new StallWatch(scheduler, runBudget, start, deadline);
      watch(scheduler, stallWatch);
      lastRunOutOfTime = stallWatch.outOfTime();
    } finally {
      ActiveRun.deactivate(scheduler);
    }
    awaitCarriers(scheduler);
    RunResources.releaseAll(scheduler); // the run's files, locks and processes: not the next run's
    branches.end();
    RunResult result = withoutRejections(scheduler.result(System.nanoTime() - start));
    checkReuse();
    lastRunEvents = result.trace() == null ? 0 : result.trace().size();
    lastRunObjects = scheduler.objects().size();
    lastRunWatched = scheduler.watchedObjects();
    strategy.endRun(result);
    return result;
  }

  /**
   * The class loader of the next run: a new one, so that statics start clean, unless the target's
   * classes are rewritten to reset their statics per run and nothing has shown that unsafe; then
   * one loader serves every run, its classes initialised afresh by each ({@code ClassInits}).
   */
  private TargetClassLoader loaderForRun() {
    lastRunReused = false;
    if (!instrumenter.resettableStatics()) {
      return new TargetClassLoader(instrumenter);
    }
    if (reuseStopped != null || freshClassesNext) {
      // classes of the run's own, without the rewrite: exactly as if reuse had never been asked
      return new TargetClassLoader(instrumenter, true);
    }
    if (reusedLoader == null) {
      String hidden = RewriteMembersHidden.unavailable();
      if (hidden != null) {
        reuseStopped = "the rewrite's methods would show in reflection: " + hidden;
        return new TargetClassLoader(instrumenter, true);
      }
      reusedLoader = new TargetClassLoader(instrumenter);
      TargetClassLoader given = reusedLoader;
      GIVEN_UP.register(this, () -> RewriteMembersHidden.forget(given));
    }
    lastRunReused = true;
    ClassInits.beginRun();
    return reusedLoader;
  }

  /** Stops reusing classes once a run showed that their state would outlive it. */
  private void checkReuse() {
    if (reusedLoader == null) {
      return;
    }
    String reason = instrumenter.reuseUnsafe();
    if (reason == null && instrumenter.definedAtRunTime() > 0) {
      reason =
          "the program defines classes while it runs, which a reused class loader would be"
              + " given twice";
    }
    if (reason != null) {
      stopReuse(reason);
    }
  }

  /**
   * Why the target's classes, reused across runs so far, are defined afresh for every run from now
   * on; said once (null before that, after it was taken, and when classes were never reused).
   */
  public String takeReuseStoppedNote() {
    if (reuseStopped == null || reuseStoppedTaken) {
      return null;
    }
    reuseStoppedTaken = true;
    return "classes are defined afresh for every run from here on, no longer reused: "
        + reuseStopped;
  }

  /**
   * One run on classes defined for it alone and without the rewrite, whatever the reuse: a finding
   * made on shared classes is checked this way to be the program's own, not state an earlier run
   * left behind or a difference the rewrite made.
   */
  public RunResult executeOnFreshClasses(Strategy strategy, long runNumber) throws TargetException {
    freshClassesNext = true;
    try {
      return execute(strategy, runNumber);
    } finally {
      freshClassesNext = false;
    }
  }

  /**
   * Whether the last run used the shared, rewritten classes (the first run on them too: the rewrite
   * itself, not only what earlier runs left, could make a run differ).
   */
  public boolean lastRunReusedClasses() {
    return lastRunReused;
  }

  /** Defines the classes afresh for every run from now on, for {@code reason} (said once). */
  public void stopReuse(String reason) {
    if (reuseStopped == null && reusedLoader != null) {
      reuseStopped = reason;
      RewriteMembersHidden.forget(reusedLoader);
      reusedLoader = null;
    }
  }

  /** Whether the next run reuses the classes of the runs before it. */
  public boolean reusesClasses() {
    return instrumenter.resettableStatics() && reuseStopped == null;
  }

  private static void invoke(TargetEntry entry, FuzzedInput data) {
    try {
      entry.invoke(data);
    } catch (Throwable t) {
      throw Sneaky.<RuntimeException>rethrow(t);
    }
  }

  private static void watch(Scheduler scheduler, StallWatch watch) {
    try {
      while (!scheduler.awaitEndOrTick()) {
        if (watch.look(System.nanoTime())) {
          return;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      scheduler.abortFromController(RunResult.Outcome.SKIPPED, null, "Weft was interrupted");
    }
  }

  /**
   * Waits for the run's carriers to finish after its end. One inside Weft's own work (instrumenting
   * a class when the run was ended) is waited for as long as that lasts, up to {@value
   * #OWN_WORK_EXIT_MILLIS} ms: it reaches Weft's next check and unwinds; only a carrier that stays
   * in the program's code or blocked is left behind, and said as what it is.
   */
  private void awaitCarriers(Scheduler scheduler) {
    long now = System.nanoTime();
    long deadline = now + TimeUnit.MILLISECONDS.toNanos(CARRIER_EXIT_MILLIS);
    long ownWorkDeadline = now + TimeUnit.MILLISECONDS.toNanos(OWN_WORK_EXIT_MILLIS);
    try {
      while (System.nanoTime() < ownWorkDeadline && LeftCarriers.anyInOwnWork(scheduler)) {
        Thread.sleep(10);
        deadline = Math.max(deadline, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(200));
      }
      int stuck = LeftCarriers.await(scheduler, deadline);
      List<String> unfinished = LeftCarriers.unfinished(scheduler);
      lastRunLeftRunning = stuck > 0 && running(unfinished);
      if (lastRunLeftRunning) {
        // a blocked thread woken for a moment (interrupted at the run's end, a virtual thread
        // waiting to be mounted again) looks running: only one still running a little later is
        Thread.sleep(RUNNING_RECHECK_MILLIS);
        unfinished = LeftCarriers.unfinished(scheduler);
        lastRunLeftRunning = running(unfinished);
      }
      lastRunLeftBlocked = stuck > 0 && !lastRunLeftRunning;
      if (stuck > 0) {
        leakedThreads += stuck;
        lastLeaked = unfinished;
        if (lastRunLeftRunning) {
          leftRunning = true;
        } else {
          // a blocked thread may hold the monitors of classes later runs would reuse
          stopReuse("a run left a thread blocked where Weft does not control it");
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static boolean running(List<String> unfinished) {
    return unfinished.stream().anyMatch(t -> t.endsWith(": " + Thread.State.RUNNABLE));
  }

  /**
   * Whether the last run left behind a thread that was still running the program's code, without
   * reaching any scheduling point, when the run's carriers had been given {@value
   * #CARRIER_EXIT_MILLIS} ms to stop after its end.
   */
  public boolean lastRunLeftARunningThread() {
    return lastRunLeftRunning;
  }

  /**
   * Why the campaign must stop because of the threads runs left behind, or null while it may go on:
   * a thread still running the program's code burns a processor every later run would share, so it
   * stops the campaign at once (a pool of workers replaces the worker JVM); threads blocked where
   * Weft does not control them cost no processor, so the campaign goes on until {@value
   * #MAX_BLOCKED_LEAKS} of them are left.
   */
  public String leakStopReason() {
    if (leakedThreads == 0 || (!leftRunning && leakedThreads < MAX_BLOCKED_LEAKS)) {
      return null;
    }
    return leakedThreadsReason();
  }

  /**
   * What to tell the user after a run that left threads behind, all blocked, while the campaign
   * goes on; null after any other run.
   */
  public String blockedLeakNote(long execution) {
    if (!lastRunLeftBlocked || leakStopReason() != null) {
      return null;
    }
    return "run "
        + execution
        + " left a thread blocked where Weft does not control it ("
        + String.join("; ", lastLeaked)
        + "); it uses no processor, so the campaign goes on ("
        + leakedThreads
        + " such threads of at most "
        + MAX_BLOCKED_LEAKS
        + ")";
  }

  /**
   * Why the campaign must stop after a run whose carriers could not be stopped, in the words of
   * what they were doing: running without reaching a scheduling point, or blocked where Weft does
   * not control them. Null while every carrier has finished.
   */
  public String leakedThreadsReason() {
    if (leakedThreads == 0) {
      return null;
    }
    List<String> running = new ArrayList<>();
    for (String t : lastLeaked) {
      if (t.endsWith(": " + Thread.State.RUNNABLE)) {
        running.add(t.substring(0, t.lastIndexOf(": ")));
      }
    }
    // threads waiting while one runs wait for it: the running one is what could not be stopped
    String what =
        running.isEmpty()
            ? "it is blocked where Weft does not control it: " + String.join("; ", lastLeaked)
            : "it runs without reaching any scheduling point: " + String.join(", ", running);
    return "a target thread could not be stopped ("
        + what
        + "); stopping so it does not slow further runs";
  }
}
