package dev.weft.runtime.exec;

import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.carrier.CarrierCpuTime;
import dev.weft.runtime.carrier.ProcessorWait;
import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.Scheduler;
import dev.weft.runtime.oracle.Failure;
import dev.weft.runtime.oracle.Hangs;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Judges, at each tick of the controller, whether a run is stuck, on the program's own progress
 * only. A step, an access to a thread-local object, a section of Weft's own work ({@link
 * dev.weft.runtime.control.OwnWork}: loading, instrumenting, defining a class) and a static
 * initialiser under way (no scheduling point can happen inside one) all count as progress. Without
 * progress, the thread that holds the turn is either running (its platform thread's processor time
 * is what counts, so that a merely busy machine never makes a hang: {@code stallMillis} of it is an
 * endless local loop) or blocked inside the JVM ({@code stallMillis} of wall clock: code outside
 * Weft's control, the run is skipped). A thread alone in the run (set-up before any {@code start})
 * has no stall budget: only the wall budget ends it.
 *
 * <p>Whatever its budget, a run still going at the session's deadline ({@code --time}) is ended
 * there and skipped: it would have kept the process past the session's time for up to a whole run
 * timeout, or ten of them for a hang's confirming replay.
 *
 * <p>The wall budget ({@code wallMillis}, {@code --run-timeout}) is a last resort against what the
 * rest cannot see (a thread blocked in native code that the JVM calls running, a program that keeps
 * making progress forever): wall-clock time since the run began, less the time its threads spent in
 * Weft's own work and the time the thread holding the turn waited for a processor ({@link
 * ProcessorWait}: on a loaded machine, most of the wall clock), so that a busy machine does not
 * make a hang of a long run.
 */
final class StallWatch {
  private final Scheduler scheduler;
  private final RunBudget budget;
  private final long start;

  private ControlledThread holder;
  private long progress = -1;
  private long ownWorkEnded;

  /**
   * The platform thread whose processor time is measured since the last progress, and from what.
   */
  private Thread platform;

  private long cpuSince = -1;
  private long wallSince;
  private long blockedNanos;
  private long lastLook;

  /** When the session's time runs out ({@link System#nanoTime}): the run ends there, unjudged. */
  private final long deadline;

  private boolean outOfTime;

  /** Each platform thread's processor wait when last read, and when; their sum so far. */
  private final Map<Thread, long[]> lastWaits = new HashMap<>();

  private long queuedNanos;

  StallWatch(Scheduler scheduler, RunBudget budget, long start, long deadline) {
    this.scheduler = scheduler;
    this.budget = budget;
    this.start = start;
    this.deadline = deadline;
    this.wallSince = start;
    this.lastLook = start;
  }

  /** Looks at the run at {@code now}; ends it and returns true if it is stuck. */
  boolean look(long now) {
    if (deadline != Long.MAX_VALUE && now - deadline >= 0) {
      outOfTime = true;
      scheduler.abortFromController(
          RunResult.Outcome.SKIPPED,
          null,
          "the session's time budget ran out during the run after "
              + TimeUnit.NANOSECONDS.toMillis(now - start)
              + " ms; it was ended without a verdict");
      return true;
    }
    long interval = now - lastLook;
    lastLook = now;
    ControlledThread t = scheduler.turnHolder();
    long steps = scheduler.progressSoFar();
    boolean moved =
        t != holder
            || steps != progress
            || (t != null
                && (t.inOwnWork() || t.initialisingClass() || t.ownWorkEnded() != ownWorkEnded));
    if (moved) {
      holder = t;
      progress = steps;
      ownWorkEnded = t == null ? 0 : t.ownWorkEnded();
      baseline(t, now);
    } else if (t != null && stalled(t, now, interval)) {
      return true;
    }
    long programNanos = now - start - scheduler.ownWorkNanos(now) - queued(t, now);
    if (programNanos >= TimeUnit.MILLISECONDS.toNanos(budget.wallMillis())) {
      if (scheduler.awaitsOutside()) {
        scheduler.abortFromController(
            RunResult.Outcome.SKIPPED,
            null,
            "the run waited "
                + TimeUnit.NANOSECONDS.toMillis(programNanos)
                + " ms, most of it for a peer outside the run to answer; it was ended without a"
                + " verdict");
        return true;
      }
      Failure f =
          Hangs.runTimeout(
              holderName(scheduler.turnHolder()),
              TimeUnit.NANOSECONDS.toMillis(programNanos),
              StackText.of(carrierOf(scheduler.turnHolder())));
      scheduler.abortFromController(RunResult.Outcome.FAILED, f, null);
      return true;
    }
    return false;
  }

  private static String holderName(ControlledThread t) {
    return t == null ? "?" : t.toString();
  }

  /** The carrier of {@code t}, for stall diagnostics. */
  private static Thread carrierOf(ControlledThread t) {
    return t == null ? null : t.carrier();
  }

  /**
   * The platform thread that runs {@code t}'s code now (its carrier, or the one a virtual carrier
   * is mounted on), or null where that cannot be seen.
   */
  private static Thread platformOf(ControlledThread t) {
    return t == null ? null : CarrierCpuTime.platformOf(t.carrier());
  }

  /**
   * The wall-clock time, so far, that the threads holding the turn spent waiting for a processor
   * ({@link ProcessorWait}). Each platform thread's wait is read when it is seen holding the turn,
   * and what it waited since it was last read is added: a carrier is ready to run only while its
   * thread holds the turn (the others park), so all of that was the run's.
   */
  private long queued(ControlledThread holder, long now) {
    Thread on = platformOf(holder);
    long waited = ProcessorWait.nanos(on);
    if (waited < 0) {
      return queuedNanos;
    }
    long[] last = lastWaits.get(on);
    if (last == null) {
      lastWaits.put(on, new long[] {waited, now});
    } else {
      queuedNanos += Math.max(0, Math.min(now - last[1], waited - last[0]));
      last[0] = waited;
      last[1] = now;
    }
    return queuedNanos;
  }

  /** Whether the run was ended because the session's time ran out. */
  boolean outOfTime() {
    return outOfTime;
  }

  private void baseline(ControlledThread t, long now) {
    platform = platformOf(t);
    cpuSince = CarrierCpuTime.nanos(platform);
    wallSince = now;
    blockedNanos = 0;
  }

  /** Whether {@code t}, which made no progress since the last look, has spent its stall budget. */
  private boolean stalled(ControlledThread t, long now, long interval) {
    if (scheduler.awaitsOutside()) {
      blockedNanos = 0; // the run waits for the kernel to answer a call outside it: the wall
      return false; // budget ends that wait
    }
    Thread carrier = t.carrier();
    Thread.State state = carrier == null ? Thread.State.TERMINATED : carrier.getState();
    if (state != Thread.State.RUNNABLE && t.parkedForItsTurn()) {
      blockedNanos = 0; // given the turn, not yet run by the operating system: a busy machine
      return false;
    }
    if (state != Thread.State.RUNNABLE) {
      blockedNanos += interval;
      if (blockedNanos >= TimeUnit.MILLISECONDS.toNanos(budget.stallMillis())) {
        blocked(t, state, TimeUnit.NANOSECONDS.toMillis(blockedNanos));
        return true;
      }
      return false;
    }
    blockedNanos = 0;
    Thread on = platformOf(t);
    long cpu = CarrierCpuTime.nanos(on);
    if (cpu < 0 && CarrierCpuTime.measurable(t.carrier())) {
      return false; // a virtual carrier not mounted: it waits for a processor, it spends none
    }
    if (cpu >= 0 && (on != platform || cpuSince < 0)) {
      // a virtual carrier mounted on another platform thread: measure afresh from here
      platform = on;
      cpuSince = cpu;
      return false;
    }
    boolean processorTime = cpu >= 0;
    long spent = processorTime ? cpu - cpuSince : now - wallSince;
    long budgetMillis = scheduler.oneThreadLive() ? budget.wallMillis() : budget.stallMillis();
    if (spent < TimeUnit.MILLISECONDS.toNanos(budgetMillis)) {
      return false;
    }
    Failure f =
        Hangs.stall(
            t.toString(),
            TimeUnit.NANOSECONDS.toMillis(spent),
            processorTime,
            StackText.of(carrier));
    scheduler.abortFromController(RunResult.Outcome.FAILED, f, null);
    return true;
  }

  private void blocked(ControlledThread t, Thread.State state, long millis) {
    scheduler.abortFromController(
        RunResult.Outcome.SKIPPED,
        null,
        "thread "
            + t
            + " blocked outside Weft's control ("
            + state
            + " for "
            + millis
            + " ms); Weft does not model this operation yet:\n"
            + StackText.of(t.carrier()));
  }
}
