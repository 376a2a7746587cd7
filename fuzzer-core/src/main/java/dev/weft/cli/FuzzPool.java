package dev.weft.cli;

import dev.weft.corpus.campaign.CampaignDirectory;
import dev.weft.corpus.campaign.CampaignSettings;
import dev.weft.corpus.campaign.CampaignTotals;
import dev.weft.corpus.campaign.StatsHistory;
import dev.weft.corpus.campaign.StatsLine;
import dev.weft.fuzz.pool.WorkerPool;
import dev.weft.fuzz.report.ReplayHints;
import dev.weft.fuzz.session.CampaignState;
import dev.weft.fuzz.status.ClusterStatus;
import dev.weft.fuzz.status.StatusDisplay;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code weft fuzz --workers N}: one session run by N worker JVMs of this same Weft ({@link
 * WorkerPool}), each started as a hidden {@code fuzz --worker I} on the campaign directory with the
 * user's JVM options. This process holds the directory's lock for them, prints the combined status
 * and, when they are done, the campaign's totals.
 *
 * <p>{@code weft fuzz} without {@code --workers} is a pool of one, so that its session outlives a
 * JVM that cannot go on (a run left a thread running that cannot be stopped, Weft ran out of
 * memory, the JVM was killed); it prints the header and summary of a session, not of a pool. With
 * {@code --cluster} this process is the member, with or without {@code --workers}, and its workers
 * take part through it ({@link #joinedCluster}), so that a JVM replaced leaves the membership be.
 */
final class FuzzPool {
  /** Beyond the longest a run and a finding's minimisation may take, before silence is a hang. */
  private static final double SILENCE_MARGIN_SECONDS = 60;

  private final CampaignDirectory dir;
  private final CampaignSettings settings;
  private final int workers;
  private final Duration time;
  private final long iterations;
  private final boolean quiet;
  private final boolean showOutput;
  private final MinimiseOptions minimise;
  private final boolean corpusSeeds;
  private List<String> clusterArgs = List.of();
  private String joinedLine;
  private Runnable leaveCluster = () -> {};

  FuzzPool(
      CampaignDirectory dir,
      CampaignSettings settings,
      int workers,
      Duration time,
      long iterations,
      boolean quiet,
      boolean showOutput,
      MinimiseOptions minimise,
      boolean corpusSeeds) {
    this.dir = dir;
    this.settings = settings;
    this.workers = workers;
    this.time = time;
    this.iterations = iterations;
    this.quiet = quiet;
    this.showOutput = showOutput;
    this.minimise = minimise;
    this.corpusSeeds = corpusSeeds;
  }

  /**
   * The workers take part in a cluster through this process's member, with these options.
   *
   * @param joined what the session's opening says of the cluster it joined
   * @param leave leaves the cluster: run after the summary, before a stop request is let go
   */
  void joinedCluster(List<String> args, String joined, Runnable leave) {
    clusterArgs = List.copyOf(args);
    joinedLine = joined;
    leaveCluster = leave;
  }

  /**
   * @param sessionHeader with one worker, the line that opens the session (as an in-process one
   *     prints it); null for a pool's own line
   */
  int run(CampaignState before, StatusDisplay display, String sessionHeader) throws IOException {
    PrintStream err = System.err;
    int session = before.session();
    if (!quiet && sessionHeader != null) {
      err.println(sessionHeader);
    } else if (!quiet) {
      err.printf(
          "[weft] %s session %d of %s, strategy %s, campaign seed %d, %d workers, %s; the"
              + " campaign so far: %,d executions, %,d coverage keys, %,d corpus entries, %d"
              + " finding(s)%n",
          dir.root(),
          session,
          settings.target().describe(),
          settings.strategy(),
          settings.seed(),
          workers,
          iterations > 0
              ? iterations + " executions"
              : time != null ? "for " + DurationText.of(time) : "until Ctrl-C",
          FuzzCommand.campaignExecutions(dir, 0),
          before.coverageKeyCount(),
          before.corpus().count(),
          before.findings().count());
    }
    if (!quiet && joinedLine != null) {
      err.println(joinedLine);
    }
    WorkerPool pool =
        new WorkerPool(
            workers,
            dir.statsLog(),
            session,
            time,
            iterations,
            silenceLimitSeconds(),
            (worker, restart, timeLeft, iterationsLeft) ->
                ChildJvm.command(
                    workerJvmOptions(worker),
                    workerArgs(worker, restart, session, timeLeft, iterationsLeft)),
            display,
            quiet,
            before.findings().count());
    // the summary is printed, and the cluster left, before the hook is let go: after Ctrl-C the
    // JVM ends as soon as it is
    long start = System.nanoTime();
    try (StopHook hook = StopHook.install(pool::requestStop, 60)) {
      WorkerPool.Ending ending;
      try {
        ending = pool.run();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        ending = WorkerPool.Ending.DONE;
      }
      display.close();
      double seconds = (System.nanoTime() - start) / 1e9;
      try {
        return summary(session, before, pool, ending, seconds, err);
      } finally {
        leaveCluster.run();
      }
    }
  }

  private int summary(
      int session,
      CampaignState before,
      WorkerPool pool,
      WorkerPool.Ending ending,
      double seconds,
      PrintStream err) {
    err.flush();
    PrintStream out = System.out;
    CampaignTotals after;
    try {
      after = CampaignTotals.of(dir, err::println);
    } catch (IOException | RuntimeException e) {
      // the directory cannot be read any more (the workers said why they stopped)
      out.printf(
          "[weft] session %d done (%s): %,d executions in %.1f s; the campaign's totals cannot be"
              + " read (%s)%n",
          session, pool.endReason(), pool.sessionExecutions(), seconds, e);
      out.flush();
      return ending == WorkerPool.Ending.CONFIGURATION_ERROR ? WeftCli.USAGE : WeftCli.WEFT_FAILED;
    }
    int newFindings = after.findings().count() - before.findings().count();
    String campaign =
        String.format(
            "the campaign: %,d executions, %,d coverage keys, %,d corpus entries, %d finding(s)"
                + " (%d new)%s",
            after.executions(),
            after.coverageKeys(),
            after.corpusEntries(),
            after.findings().count(),
            newFindings,
            after.skipped() > 0 ? ", " + after.skipped() + " runs skipped in all" : "");
    if (workers == 1) {
      int restarts = pool.replacements();
      out.printf(
          "[weft] session %d done (%s%s): %,d executions in %.1f s; %s%n",
          session,
          pool.endReason(),
          restarts == 0
              ? ""
              : ", its JVM restarted " + restarts + " time" + (restarts == 1 ? "" : "s"),
          pool.sessionExecutions(),
          seconds,
          campaign);
    } else {
      out.printf(
          "[weft] session %d done with %d workers%s; %s%n",
          session,
          workers,
          pool.replacements() > 0 ? " (" + pool.replacements() + " replaced)" : "",
          campaign);
    }
    StatsLine.Cluster cluster = null;
    try {
      cluster = ClusterStatus.of(StatsHistory.read(dir.statsLog()));
    } catch (IOException e) {
      // read just now for the totals; gone since: no cluster line
    }
    if (cluster != null) {
      out.println("[weft] " + FuzzCommand.clusterLine(cluster));
    }
    out.printf("[weft] resume with: %s%n", ReplayHints.resume(dir.root()));
    out.flush();
    boolean found = after.findings().count() > 0;
    return switch (ending) {
      case CONFIGURATION_ERROR -> WeftCli.USAGE;
      case WORKERS_FAILED -> found ? WeftCli.FOUND : WeftCli.WEFT_FAILED;
      case DONE ->
          found
              ? WeftCli.FOUND
              : pool.weftFailedLast() ? WeftCli.WEFT_FAILED : WeftCli.NOTHING_FOUND;
    };
  }

  /**
   * The campaign's JVM options, after one that gives each worker its own processor for its carriers
   * (the runtime pins them; a user's own {@code -Dweft.carrierCpu} among them comes later and
   * wins).
   */
  private List<String> workerJvmOptions(int worker) {
    List<String> options = new ArrayList<>();
    String cpu = carrierCpu(System.getProperty("weft.carrierCpu"), worker);
    if (cpu != null) {
      options.add("-Dweft.carrierCpu=" + cpu);
    }
    options.addAll(settings.jvmOptions());
    return options;
  }

  /**
   * The processor of a worker's carriers, counted on from the one this process was given ({@code
   * -Dweft.carrierCpu=N} in {@code WEFT_JAVA_OPTS}: cluster members or campaigns side by side on
   * one machine, each given a processor of its own, keep them in their workers), or from 0; null
   * with {@code off}, which the worker inherits with this JVM's options, or with a setting the
   * runtime does not take, which the worker inherits too and warns of.
   */
  static String carrierCpu(String given, int worker) {
    if (given == null) {
      return Integer.toString(worker);
    }
    try {
      return Integer.toString(Math.addExact(Integer.parseInt(given.trim()), worker));
    } catch (NumberFormatException | ArithmeticException e) {
      return null;
    }
  }

  private double silenceLimitSeconds() {
    double run = (settings.budget().wallMillis() + settings.budget().stallMillis()) / 1000.0;
    double minimising = minimise.noMinimize ? 0 : minimise.minimizeTime.toMillis() / 1000.0;
    return run + minimising + SILENCE_MARGIN_SECONDS;
  }

  private List<String> workerArgs(
      int worker, int restart, int session, Duration timeLeft, long iterationsLeft) {
    List<String> args = new ArrayList<>();
    args.add("fuzz");
    args.add("--corpus");
    args.add(dir.root().toString());
    args.add("--worker");
    args.add(Integer.toString(worker));
    args.add("--session");
    args.add(Integer.toString(session));
    args.add("--pool-parent");
    args.add(Long.toString(ProcessHandle.current().pid()));
    if (restart > 0) {
      args.add("--restart");
      args.add(Integer.toString(restart));
    }
    if (timeLeft != null) {
      args.add("--time");
      args.add(timeLeft.toMillis() + "ms");
    }
    if (iterationsLeft > 0) {
      args.add("--iterations");
      args.add(Long.toString(iterationsLeft));
    }
    if (quiet) {
      args.add("--quiet");
    }
    if (showOutput) {
      args.add("--show-output");
    }
    if (!corpusSeeds) {
      args.add("--no-corpus-seeds");
    }
    args.addAll(clusterArgs);
    if (minimise.noMinimize) {
      args.add("--no-minimize");
    } else {
      args.add("--minimize-time");
      args.add(minimise.minimizeTime.toMillis() + "ms");
    }
    return args;
  }
}
