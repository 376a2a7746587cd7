package dev.weft.fuzz.pool;

import dev.weft.corpus.campaign.StatsLine;
import dev.weft.fuzz.status.StatusDisplay;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs one session of a campaign on several cores: the runtime makes one serialized run at a time
 * per JVM, so each core gets a worker JVM of its own, all sharing the campaign directory (each
 * writes its own entries and imports the others', findings are written once; see {@code
 * FuzzSession} and {@code FindingStore}). The pool starts the workers, prints one combined status
 * line, and replaces a worker that dies or goes silent (a target looping without scheduling points
 * must not be left burning a core), until the session's budget is spent or it is stopped.
 *
 * <p>A session without {@code --workers} is a pool of one: its JVM is supervised alike, so that a
 * run that leaves a thread running which cannot be stopped, an out-of-memory end or the OOM killer
 * costs a new JVM that resumes from the corpus, not the rest of the session (AFL++'s fork server
 * and libFuzzer's {@code -fork} go on alike). Its output is then the session's own, without a
 * worker number.
 */
public final class WorkerPool {
  private static final long LOOK_MILLIS = 250;
  private static final double STATUS_SECONDS = 5;
  private static final double EARLY_END_SECONDS = 10;
  private static final int EARLY_ENDS_BEFORE_GIVING_UP = 3;
  private static final long STOP_WAIT_SECONDS = 30;

  /** How the pool ended. */
  public enum Ending {
    /** Every worker reached the budget, or the pool was stopped. */
    DONE,
    /** A worker found the settings wrong; the pool stopped the others. */
    CONFIGURATION_ERROR,
    /** Every worker failed again and again and was given up. */
    WORKERS_FAILED
  }

  private final List<WorkerProcess> workers = new ArrayList<>();
  private final Path statsLog;
  private final int session;
  private final Duration time;
  private final long iterations;
  private final double silenceLimitSeconds;
  private final WorkerCommand commands;
  private final StatusDisplay console;
  private final boolean quiet;
  private final PoolStatus status;
  private volatile boolean stopRequested;
  private int givenUp;
  private String givenUpReason;

  /** Which budget was spent when a JVM that would have been replaced ended, or null. */
  private String budgetSpent;

  private StatsTail tail;

  /**
   * @param iterations executions for the whole session, shared out evenly (0: no limit)
   * @param silenceLimitSeconds how long a worker may write no stats line before it is replaced;
   *     longer than one run may last
   */
  public WorkerPool(
      int workerCount,
      Path statsLog,
      int session,
      Duration time,
      long iterations,
      double silenceLimitSeconds,
      WorkerCommand commands,
      StatusDisplay console,
      boolean quiet,
      long findingsBefore) {
    for (int i = 0; i < workerCount; i++) {
      workers.add(new WorkerProcess(i, console, workerCount == 1));
    }
    this.statsLog = statsLog;
    this.session = session;
    this.time = time;
    this.iterations = iterations;
    this.silenceLimitSeconds = silenceLimitSeconds;
    this.commands = commands;
    this.console = console;
    this.quiet = quiet;
    this.status = new PoolStatus(findingsBefore);
  }

  /** Stops every worker (each writes its stop line and findings) and ends {@link #run}. */
  public void requestStop() {
    stopRequested = true;
  }

  public Ending run() throws IOException, InterruptedException {
    tail = new StatsTail(statsLog);
    long start = System.nanoTime();
    for (WorkerProcess w : workers) {
      if (iterations > 0 && share(w) <= 0) {
        w.finish(); // fewer iterations than workers
      } else {
        w.start(commands.command(w.worker(), 0, time, share(w)));
      }
    }
    long lastStatus = start;
    Ending ending = Ending.DONE;
    while (true) {
      long now = System.nanoTime();
      readLines(now);
      if (stopRequested) {
        stopAll();
        break;
      }
      for (WorkerProcess w : workers) {
        if (!w.finished() && !w.alive() && ended(w, start) == Ending.CONFIGURATION_ERROR) {
          ending = Ending.CONFIGURATION_ERROR;
          stopRequested = true;
        } else if (w.alive() && w.secondsSinceLastLine(now) > silenceLimitSeconds) {
          say(
              String.format(
                  "worker %d wrote no progress for %.0f s (its target may run without reaching a"
                      + " scheduling point): replacing it",
                  w.worker(), w.secondsSinceLastLine(now)));
          w.kill();
        }
      }
      if (workers.stream().allMatch(WorkerProcess::finished)) {
        break;
      }
      if (!quiet && (now - lastStatus) / 1e9 >= STATUS_SECONDS) {
        lastStatus = now;
        console.update(status.snapshot((now - start) / 1e9, workers, now));
      }
      Thread.sleep(LOOK_MILLIS);
    }
    readLines(System.nanoTime());
    if (ending == Ending.DONE && givenUp == workers.size()) {
      return Ending.WORKERS_FAILED;
    }
    return ending;
  }

  /**
   * Takes in the workers' new stats lines. A log that cannot be read is no reason to stop: the
   * workers write it, and one that cannot says why and stops.
   */
  private void readLines(long now) {
    List<StatsLine> lines;
    try {
      lines = tail.newLines();
    } catch (IOException e) {
      return;
    }
    for (StatsLine line : lines) {
      if (line.session() == session && line.worker() < workers.size()) {
        workers.get(line.worker()).saw(line, now);
      }
    }
  }

  /** A worker's JVM ended: finished, or replaced while the budget lasts. */
  private Ending ended(WorkerProcess w, long start) throws IOException, InterruptedException {
    int code = w.exitCode();
    readLines(System.nanoTime()); // its stop line, written just before it ended
    WorkerExit exit = WorkerExit.of(code);
    if (stopRequested || exit == WorkerExit.DONE) {
      w.finish();
      return Ending.DONE;
    }
    if (exit == WorkerExit.CONFIGURATION) {
      w.finish();
      return Ending.CONFIGURATION_ERROR;
    }
    Duration timeLeft = time == null ? null : time.minusNanos(System.nanoTime() - start);
    long iterationsLeft = share(w);
    if ((timeLeft != null && timeLeft.toMillis() < 1000)
        || (iterations > 0 && iterationsLeft <= 0)) {
      budgetSpent = timeLeft != null && timeLeft.toMillis() < 1000 ? "time" : "iteration";
      w.finish();
      return Ending.DONE;
    }
    if (madeNoProgress(w)) {
      if (w.endedEarly() >= EARLY_ENDS_BEFORE_GIVING_UP) {
        givenUpReason =
            (alone() ? "its JVM" : "worker " + w.worker())
                + " ended "
                + EARLY_ENDS_BEFORE_GIVING_UP
                + " times in a row having made at most one run (last exit code "
                + code
                + (w.stopReason() == null ? "" : ": " + w.stopReason())
                + ")";
        say(givenUpReason + "; not starting it again");
        givenUp++;
        w.finish();
        return Ending.DONE;
      }
    } else {
      w.ranLong();
    }
    if (alone()) {
      say(
          "the session's JVM "
              + (w.stopReason() != null ? "stopped (" + w.stopReason() + ")" : why(code))
              + "; a new JVM resumes the session from the corpus (restart "
              + w.replaced()
              + ")");
    } else {
      say(
          "worker "
              + w.worker()
              + " "
              + why(code)
              + "; starting a new one in its place (replacement "
              + w.replaced()
              + ")");
    }
    w.start(commands.command(w.worker(), w.replacements(), timeLeft, iterationsLeft));
    return Ending.DONE;
  }

  /**
   * Whether a worker's JVM that ended made no progress: no run beyond the one that stopped it. Its
   * stop line counts every run it made, however long it took (a loaded machine may take a minute to
   * start a JVM and judge its first run stuck); a JVM that ended without one (killed) may have made
   * runs after its latest line, so one that ran for {@value #EARLY_END_SECONDS} s or more counts as
   * having made progress.
   */
  private static boolean madeNoProgress(WorkerProcess w) {
    return w.jvmExecutions() <= 1
        && (w.jvmWroteStopLine() || w.secondsRunning(System.nanoTime()) < EARLY_END_SECONDS);
  }

  private static String why(int code) {
    if (code == WorkerExit.TARGET_STUCK) {
      return "stopped: a target thread could not be stopped";
    }
    if (code == 3) {
      return "stopped: Weft failed in it";
    }
    if (code > 128) {
      return "was killed (signal " + (code - 128) + ")";
    }
    return "ended with exit code " + code;
  }

  /**
   * Executions still due from {@code w} this session: its share of the session's iterations less
   * what it made (0 if there is no iteration budget).
   */
  private long share(WorkerProcess w) {
    if (iterations <= 0) {
      return 0;
    }
    int n = workers.size();
    long perWorker = iterations / n + (w.worker() < iterations % n ? 1 : 0);
    return perWorker - w.sessionExecutions();
  }

  private void stopAll() throws InterruptedException {
    for (WorkerProcess w : workers) {
      w.stop();
    }
    for (WorkerProcess w : workers) {
      w.await(STOP_WAIT_SECONDS);
      w.finish();
    }
  }

  private boolean alone() {
    return workers.size() == 1;
  }

  /**
   * Why the session ended, for the summary of a pool of one: the stop of the last JVM (its budget,
   * a stop request, its configuration), or why it was not started again.
   */
  public String endReason() {
    WorkerProcess w = workers.get(0);
    if (givenUpReason != null) {
      return givenUpReason;
    }
    if (budgetSpent != null) {
      return budgetSpent + " budget reached";
    }
    if (w.stopReason() != null) {
      return w.stopReason();
    }
    if (stopRequested) {
      return "interrupted";
    }
    return w.lastExit() < 0 ? "nothing to run" : "its JVM " + why(w.lastExit());
  }

  /** Whether a worker's last JVM ended because Weft failed in it (out of memory, an error). */
  public boolean weftFailedLast() {
    return workers.stream().anyMatch(w -> w.lastExit() == 3);
  }

  /** Executions of this session, over all workers and their JVMs. */
  public long sessionExecutions() {
    return workers.stream().mapToLong(WorkerProcess::sessionExecutions).sum();
  }

  /** Replacements made over the session. */
  public int replacements() {
    return workers.stream().mapToInt(WorkerProcess::replacements).sum();
  }

  private void say(String line) {
    console.message("[weft] " + line);
  }
}
