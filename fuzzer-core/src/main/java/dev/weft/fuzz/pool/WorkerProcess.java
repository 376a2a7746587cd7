package dev.weft.fuzz.pool;

import dev.weft.corpus.campaign.StatsLine;
import dev.weft.fuzz.status.StatusDisplay;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One worker slot of a pool: the worker's JVM (replaced when it dies), its output copied to the
 * pool's console with the worker's number in front, and what the pool knows of its progress from
 * its stats lines.
 */
final class WorkerProcess {
  private final int worker;
  private final StatusDisplay console;
  private final boolean alone;
  private Process process;
  private Thread copyOut;
  private Thread copyErr;
  private long startedNanos;
  private long lastLineNanos;
  private StatsLine latest;
  private long lastNewKeyNanos;
  private long sessionStartExecutions = -1;
  private long jvmExecutions;
  private boolean jvmStopLine;
  private int lastExit = -1;
  private int quickFailures;
  private int replacements;
  private boolean finished;

  /**
   * @param alone the pool's only worker: its output is the session's, copied without its number
   */
  WorkerProcess(int worker, StatusDisplay console, boolean alone) {
    this.worker = worker;
    this.console = console;
    this.alone = alone;
  }

  int worker() {
    return worker;
  }

  void start(List<String> command) throws IOException {
    process = new ProcessBuilder(command).start();
    process.getOutputStream().close();
    copyOut = copy(process.getInputStream(), "weft-worker-" + worker + "-stdout", true);
    copyErr = copy(process.getErrorStream(), "weft-worker-" + worker + "-stderr", false);
    startedNanos = System.nanoTime();
    lastLineNanos = startedNanos;
    jvmExecutions = 0;
    jvmStopLine = false;
  }

  /**
   * Copies the worker's output line by line: its standard output (its findings) as results, its
   * standard error (progress, diagnostics) as messages.
   */
  private Thread copy(InputStream from, String name, boolean results) {
    Thread t =
        new Thread(
            () -> {
              try (BufferedReader in =
                  new BufferedReader(new InputStreamReader(from, StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                  if (results) {
                    console.result(prefixed(line));
                  } else {
                    console.message(prefixed(line));
                  }
                }
              } catch (IOException e) {
                // the worker is gone; nothing more to copy
              }
            },
            name);
    t.setDaemon(true);
    t.start();
    return t;
  }

  private String prefixed(String line) {
    if (alone) {
      return line;
    }
    return line.startsWith("[weft] ")
        ? "[weft w" + worker + "] " + line.substring(7)
        : "[w" + worker + "] " + line;
  }

  /** Takes in one of this worker's stats lines. */
  void saw(StatsLine line, long nowNanos) {
    if (sessionStartExecutions < 0) {
      sessionStartExecutions = line.executions() - line.sessionExecutions();
    }
    latest = line;
    jvmExecutions = line.sessionExecutions();
    jvmStopLine = line.event().equals("stop");
    lastLineNanos = nowNanos;
    if (line.newKeysByStrategy().values().stream().anyMatch(n -> n > 0)) {
      lastNewKeyNanos = nowNanos;
    }
  }

  /** When a stats line last reported new coverage keys (System.nanoTime), or 0. */
  long lastNewKeyNanos() {
    return lastNewKeyNanos;
  }

  /** The latest stats line of this worker in this session, or null. */
  StatsLine latest() {
    return latest;
  }

  /** Executions the current (or last) JVM of this worker made, as its latest line says. */
  long jvmExecutions() {
    return jvmExecutions;
  }

  /**
   * Whether the current (or last) JVM's latest line is its stop line, so that {@link
   * #jvmExecutions} counts every run it made; without one (killed, or still running) it may have
   * made runs since.
   */
  boolean jvmWroteStopLine() {
    return jvmStopLine;
  }

  /**
   * Why the worker's last JVM stopped, as its stop line says; null if its latest line is no stop
   * line (it is running, or it was killed before writing one).
   */
  String stopReason() {
    return latest != null && latest.event().equals("stop") ? latest.stopReason() : null;
  }

  /** The exit code of the worker's last JVM that ended, or -1. */
  int lastExit() {
    return lastExit;
  }

  /** Executions this worker made in this session, over all its JVMs. */
  long sessionExecutions() {
    return latest == null ? 0 : latest.executions() - sessionStartExecutions;
  }

  boolean alive() {
    return process != null && process.isAlive();
  }

  /** The exit code of the JVM that ended, after its output was copied. */
  int exitCode() throws InterruptedException {
    int code = process.waitFor();
    copyOut.join(TimeUnit.SECONDS.toMillis(2));
    copyErr.join(TimeUnit.SECONDS.toMillis(2));
    lastExit = code;
    return code;
  }

  double secondsSinceLastLine(long nowNanos) {
    return (nowNanos - lastLineNanos) / 1e9;
  }

  double secondsRunning(long nowNanos) {
    return (nowNanos - startedNanos) / 1e9;
  }

  /** Counts an early end; returns how many came in a row. */
  int endedEarly() {
    return ++quickFailures;
  }

  void ranLong() {
    quickFailures = 0;
  }

  int replaced() {
    return ++replacements;
  }

  int replacements() {
    return replacements;
  }

  boolean finished() {
    return finished;
  }

  void finish() {
    finished = true;
  }

  /** Asks the worker to stop (SIGTERM: it writes its stop line and its findings first). */
  void stop() {
    if (alive()) {
      process.toHandle().destroy();
    }
  }

  /** Ends a worker that does not answer. */
  void kill() {
    if (alive()) {
      process.toHandle().destroyForcibly();
    }
  }

  /** Waits for a stopped worker, ending it by force after {@code seconds}. */
  void await(long seconds) throws InterruptedException {
    if (process != null && !process.waitFor(seconds, TimeUnit.SECONDS)) {
      process.toHandle().destroyForcibly();
      process.waitFor(5, TimeUnit.SECONDS);
    }
  }
}
