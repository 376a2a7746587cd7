package dev.weft.cli;

import dev.weft.corpus.campaign.CampaignDirectory;
import dev.weft.corpus.campaign.CampaignFile;
import dev.weft.corpus.campaign.CampaignFileException;
import dev.weft.corpus.campaign.CampaignInUseException;
import dev.weft.corpus.campaign.CampaignSettings;
import dev.weft.corpus.campaign.CampaignTotals;
import dev.weft.corpus.campaign.ClusterSettings;
import dev.weft.corpus.campaign.DirectoryLock;
import dev.weft.corpus.campaign.Quarantine;
import dev.weft.corpus.campaign.StatsHistory;
import dev.weft.corpus.campaign.StatsLine;
import dev.weft.corpus.campaign.TargetHash;
import dev.weft.corpus.campaign.WorkerLock;
import dev.weft.fuzz.campaign.Campaign;
import dev.weft.fuzz.cluster.ClusterJoin;
import dev.weft.fuzz.cluster.ClusterOptions;
import dev.weft.fuzz.cluster.ClusterRefusedException;
import dev.weft.fuzz.cluster.MemberIdentity;
import dev.weft.fuzz.exchange.CampaignExchange;
import dev.weft.fuzz.exchange.PoolSync;
import dev.weft.fuzz.pool.WorkerExit;
import dev.weft.fuzz.session.CampaignState;
import dev.weft.fuzz.session.FuzzSession;
import dev.weft.fuzz.session.SessionPlan;
import dev.weft.fuzz.session.SessionResult;
import dev.weft.fuzz.status.StatusDisplay;
import dev.weft.fuzz.strategy.Strategies;
import dev.weft.graph.GraphBudget;
import dev.weft.runtime.exec.TargetException;
import dev.weft.runtime.exec.TargetSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code weft fuzz}: a long campaign whose whole memory is a directory, so it can be stopped and
 * resumed exactly. Starting needs the target and class path; resuming needs only the directory, and
 * options given again replace the recorded ones.
 */
@Command(
    name = "fuzz",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Fuzz a target in a campaign directory (--corpus) that holds its settings, corpus, findings and stats log, and keep going after findings until --time or --iterations is spent (for this session), or Ctrl-C. Run it again with only --corpus to resume: the target, class path and options come from DIR/campaign.json, and any option given replaces the recorded one. The session runs in a JVM of its own (one per --workers), which is replaced, resuming from the corpus, when a run leaves a thread running that cannot be stopped or the JVM dies.",
      "Exit code: 0 the campaign has no findings, 1 it has findings (from this session or an earlier one), 2 usage or configuration error, 3 Weft itself failed before anything was found."
    })
public final class FuzzCommand implements Callable<Integer> {
  /** How long a resume waits for the workers of a killed session to stop. */
  private static final long ORPHAN_WAIT_SECONDS = 10;

  @ArgGroup(exclusive = true, multiplicity = "0..1")
  RunCommand.TargetChoice target;

  @Option(
      names = "--corpus",
      required = true,
      paramLabel = "DIR",
      description = "The campaign directory; created if it does not exist.")
  Path corpus;

  @Option(
      names = {"--cp", "--classpath"},
      paramLabel = "PATH",
      description =
          "The target's compiled classes, separated by '${sys:path.separator}' (needed to start"
              + " a campaign; on resume, replaces the recorded class path).")
  String classPath;

  @Option(
      names = "--args",
      arity = "1..*",
      paramLabel = "ARG",
      description = "Arguments passed to main (with --main).")
  List<String> args = new ArrayList<>();

  @Option(
      names = "--time",
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description = "Stop this session after this long, e.g. 60s, 5m, 8h.")
  Duration time;

  @Option(
      names = "--iterations",
      paramLabel = "N",
      description =
          "Stop this session after N executions. Without --time or --iterations the session"
              + " runs until Ctrl-C.")
  Long iterations;

  @Option(
      names = "--strategy",
      description = "Search strategy: " + Strategies.NAMES + " (new campaigns: segment).")
  String strategy;

  @Option(
      names = "--interference",
      paramLabel = "K",
      description =
          "With --strategy bi (as for run): the most reads of a choice that see another"
              + " thread's write (default: 2).")
  Integer interference;

  @Option(names = "--depth", description = "PCT and PCTVB bug depth d (new campaigns: 3).")
  Integer depth;

  @Option(
      names = "--threads-bound",
      paramLabel = "T",
      description =
          "Thread bounding for pct and pctvb (as for run): change points only on the steps of T"
              + " threads chosen per run (new campaigns: 0, all threads).")
  Integer threadsBound;

  @Option(
      names = "--seed",
      description =
          "The campaign's seed (new campaigns: chosen at random). Session 1 runs with it,"
              + " later sessions with it mixed with their number.")
  Long seed;

  @Option(names = "--max-steps", description = "Scheduling points per run (as for run).")
  Integer maxSteps;

  @Option(
      names = "--run-timeout",
      converter = DurationConverter.class,
      description =
          "Wall-clock time per run before it is a hang, Weft's own work and waits for a"
              + " processor not counted (as for run).")
  Duration runTimeout;

  @Option(
      names = "--stall-timeout",
      converter = DurationConverter.class,
      description =
          "Processor time a thread may run, or wall-clock time stay blocked, without a scheduling"
              + " point before it is a hang or its run is skipped (as for run).")
  Duration stallTimeout;

  @Option(
      names = "--graph-events",
      paramLabel = "N",
      description = "segment: most events of a run analysed in one graph (as for run).")
  Integer graphEvents;

  @Option(
      names = "--races",
      paramLabel = "MODE",
      description = "Data races reported (as for run): jdk, fields or off (new campaigns: jdk).")
  String races;

  @Option(
      names = "--local-objects",
      paramLabel = "on|off",
      description =
          "Accesses to objects only one thread can reach are no scheduling points (as for run;"
              + " new campaigns: on, unless --races fields; campaigns made before it: off).")
  String localObjects;

  @Option(
      names = "--ignore-exception",
      paramLabel = "CLASS",
      description =
          "An exception the target throws on purpose, with its subclasses (as for run); repeat"
              + " for more. Recorded in the campaign; given on resume, the list replaces the"
              + " recorded one (--ignore-exception none clears it).")
  List<String> ignoredExceptions;

  @Option(
      names = "--jvm-opt",
      paramLabel = "OPT",
      parameterConsumer = JvmOptionConsumer.class,
      description =
          "An option for the JVM the target runs in; repeat for more. Recorded in the campaign.")
  List<String> jvmOptions;

  @Option(
      names = "--no-spurious-wakeups",
      description =
          "Never wake a thread waiting in wait, park or await without a notify, unpark or"
              + " signal (by default a run may, as the JVM allows). Recorded with the campaign as"
              + " the JVM option "
              + NO_SPURIOUS_WAKEUPS
              + "; a --jvm-opt list given on resume without it turns them back on.")
  boolean noSpuriousWakeups;

  static final String NO_SPURIOUS_WAKEUPS = "-Dweft.spuriousWakeups=off";

  @Option(
      names = "--jdk",
      paramLabel = "MODE",
      description =
          JdkChoice.DESCRIPTION_WITHOUT_DEFAULT
              + " Default for a new campaign: instrumented; a resumed one runs as it recorded.")
  JdkChoice.Mode jdk;

  @Option(names = "--show-output", description = "Print the target's output of every execution.")
  boolean showOutput;

  @Option(
      names = "--quiet",
      description =
          "No progress output, and none of the target's output; findings and the summary are"
              + " still printed.")
  boolean quiet;

  @Option(
      names = "--verbose",
      description =
          "Say more: the strategy in full as well as its name (each finding's file records it"
              + " either way).")
  boolean verbose;

  @Mixin MinimiseOptions minimise;

  @Option(
      names = "--workers",
      paramLabel = "N",
      defaultValue = "1",
      description =
          "Worker JVMs for this session, one per core you give it (default: ${DEFAULT-VALUE})."
              + " They share the directory: each writes its own entries and imports the others',"
              + " findings are written once, --iterations is shared out, and a worker that dies"
              + " or goes silent is replaced.")
  int workers;

  @Option(
      names = "--cluster",
      paramLabel = "NAME",
      description =
          "Take part in the cluster NAME with this campaign: the members (each with its own"
              + " campaign directory, on this machine or others) share coverage keys and corpus"
              + " entries, and each finding is written once, by the member that found it first."
              + " Needs --member-port, and --join for all but the first member.")
  String cluster;

  @Option(
      names = "--member-port",
      paramLabel = "P",
      description = "With --cluster: the TCP port this member listens on for the others.")
  Integer memberPort;

  @Option(
      names = "--join",
      paramLabel = "HOST:PORT",
      split = ",",
      description =
          "With --cluster: members to join through, separated by commas (they may list each"
              + " other; no multicast or other discovery is used).")
  List<String> join = new ArrayList<>();

  @Option(
      names = "--cluster-secret-file",
      paramLabel = "FILE",
      description =
          "With --cluster: a file holding a secret every member must have to join (it keeps"
              + " strangers out; it does not encrypt the traffic).")
  Path clusterSecretFile;

  @Option(
      names = "--no-cluster",
      description =
          "Leave the cluster this campaign took part in: a resume rejoins it otherwise (the"
              + " cluster options are recorded in campaign.json, the secret file by its path).")
  boolean noCluster;

  @Option(
      names = "--cluster-member",
      hidden = true,
      description = "Set by the pool for its workers: their member's address.")
  String clusterMember;

  @Option(
      names = "--status",
      paramLabel = "MODE",
      defaultValue = "auto",
      converter = StatusModeConverter.class,
      description =
          "How progress is shown: auto (default: a screen redrawn in place when the console is a"
              + " terminal, otherwise a line every 5 s), screen or lines.")
  StatusDisplay.Mode statusMode;

  @Option(
      names = "--no-corpus-seeds",
      hidden = true,
      description =
          "Do not mutate the corpus's favoured entries (on resume) or other workers' entries"
              + " again: the plain first-in-first-out planning, for scripts/bench-seeds.")
  boolean noCorpusSeeds;

  @Option(names = "--worker", hidden = true, description = "Set by the pool for its workers.")
  Integer worker;

  @Option(names = "--session", hidden = true, description = "Set by the pool for its workers.")
  Integer poolSession;

  @Option(names = "--pool-parent", hidden = true, description = "Set by the pool for its workers.")
  Long poolParent;

  @Option(names = "--restart", hidden = true, description = "Set by the pool for its workers.")
  Integer poolRestart;

  @Override
  public Integer call() throws IOException {
    PrintStream err = System.err;
    CampaignDirectory dir = new CampaignDirectory(corpus);
    CampaignSettings settings;
    CampaignSettings recorded;
    try {
      recorded = dir.holdsCampaign() ? CampaignFile.read(dir.campaignFile()) : null;
      settings = FuzzSettings.resolve(given(), recorded, corpus);
      // a new campaign runs as --jdk or the default says; a resumed one as it recorded
      JdkChoice.Mode mode =
          jdk != null
              ? JdkChoice.effective(jdk, true, err)
              : recorded == null ? JdkChoice.effective(JdkChoice.defaultMode(), false, err) : null;
      settings =
          settings.withJvmOptions(
              withSpuriousWakeups(JdkChoice.apply(settings.jvmOptions(), mode)));
    } catch (CampaignFileException | FuzzSettings.UsageException | IllegalStateException e) {
      err.println("weft: " + e.getMessage());
      return WeftCli.USAGE;
    }
    ClusterOptions clusterOptions;
    try {
      clusterOptions = clusterOptions(settings.cluster());
    } catch (IllegalArgumentException | IOException e) {
      err.println("weft: " + e.getMessage());
      return WeftCli.USAGE;
    }
    if (worker != null) {
      return runAsWorker(dir, settings, clusterOptions, err);
    }
    if (workers < 1) {
      err.println("weft: --workers must be at least 1");
      return WeftCli.USAGE;
    }
    Files.createDirectories(corpus);
    DirectoryLock lock;
    try {
      lock = DirectoryLock.acquire(dir.lockFile(), err::println);
    } catch (CampaignInUseException e) {
      err.println("weft: " + e.getMessage());
      return WeftCli.USAGE;
    }
    List<Long> workersLeft = awaitOrphanedWorkers(dir, err);
    if (!workersLeft.isEmpty()) {
      lock.close();
      err.println(
          "weft: "
              + corpus
              + " is still being fuzzed by worker process(es) "
              + workersLeft
              + " of an earlier pool whose own process is gone; they stop within seconds of"
              + " noticing it: resume when they have (or end them)");
      return WeftCli.USAGE;
    }
    try {
      String hash = TargetHash.of(settings.classPath().stream().map(Path::of).toList());
      if (recorded != null && !recorded.targetHash().equals(hash)) {
        err.println(
            "weft: warning: the target's class files changed since this campaign last ran;"
                + " its corpus and coverage are kept, but were made on the old code");
      }
      settings = settings.withTargetHash(hash);
      CampaignState state;
      try {
        dir.createDirectories();
        CampaignFile.write(settings, dir.campaignFile());
        state = CampaignState.load(dir, err::println);
      } catch (IOException e) {
        err.println(
            "weft: cannot use the campaign directory "
                + corpus
                + " ("
                + e
                + "); nothing was changed in it beyond campaign.json");
        return WeftCli.USAGE;
      }
      long budget = iterations != null ? iterations : 0;
      // the session runs in worker JVMs that this process supervises (one without --workers), so
      // that a run which cannot be stopped, or a JVM that dies, costs a JVM and not the session;
      // in a cluster this process is the member, and its workers take part through it
      FuzzPool pool =
          new FuzzPool(
              dir, settings, workers, time, budget, quiet, showOutput, minimise, !noCorpusSeeds);
      String header =
          workers == 1
              ? sessionHeader(
                  settings,
                  state,
                  SessionPlan.sessionSeed(settings.seed(), state.session(), 0),
                  budget,
                  campaignExecutions(dir, state.executions()))
              : null;
      if (clusterOptions == null) {
        return pool.run(state, display(settings, state.session(), err), header);
      }
      ClusterJoin.PoolMembership membership;
      try {
        membership =
            ClusterJoin.poolMember(
                clusterOptions, identity(settings), verbose, dir.root(), dir.corpus());
      } catch (ClusterRefusedException e) {
        err.println("weft: " + e.getMessage());
        return WeftCli.USAGE;
      }
      try (membership) {
        pool.joinedCluster(
            clusterArgs(settings.cluster(), membership.address()),
            "[weft] joined " + clusterLine(membership.cluster()),
            membership::close);
        return pool.run(state, display(settings, state.session(), err), header);
      }
    } finally {
      lock.close();
    }
  }

  /** The options to join the campaign's cluster with, or null outside one. */
  private static ClusterOptions clusterOptions(ClusterSettings c) throws IOException {
    if (c == null) {
      return null;
    }
    return ClusterOptions.of(
        c.name(),
        c.memberPort(),
        c.join(),
        c.secretFile() == null ? null : Path.of(c.secretFile()));
  }

  /** What every member of the cluster must share with this campaign. */
  private static MemberIdentity identity(CampaignSettings settings) {
    return new MemberIdentity(
        settings.target().describe() + " (" + settings.targetHash() + ")", Campaign.VERSION);
  }

  /**
   * The options a pool's workers take part in the cluster with, through its member (and {@code
   * --verbose}, which shows their Hazelcast clients' log as the member's).
   */
  private List<String> clusterArgs(ClusterSettings c, String memberAddress) {
    List<String> args = new ArrayList<>();
    args.add("--cluster");
    args.add(c.name());
    args.add("--member-port");
    args.add(Integer.toString(c.memberPort()));
    if (c.secretFile() != null) {
      args.add("--cluster-secret-file");
      args.add(c.secretFile());
    }
    args.add("--cluster-member");
    args.add(memberAddress);
    if (verbose) {
      args.add("--verbose");
    }
    return args;
  }

  /** One worker of a pool: the pool's parent holds the lock and wrote the settings. */
  private int runAsWorker(
      CampaignDirectory dir,
      CampaignSettings settings,
      ClusterOptions clusterOptions,
      PrintStream err)
      throws IOException {
    // held for the worker's whole life, and taken before the pool's lock is checked: a resume
    // that took the directory after that check still sees this worker (see WorkerLock)
    WorkerLock held;
    try {
      held = WorkerLock.hold(dir.workerLocks(), worker);
    } catch (CampaignInUseException e) {
      err.println("weft: " + e.getMessage());
      return WeftCli.USAGE;
    }
    try {
      return runHoldingWorkerLock(dir, settings, clusterOptions, err);
    } finally {
      held.close();
    }
  }

  private int runHoldingWorkerLock(
      CampaignDirectory dir,
      CampaignSettings settings,
      ClusterOptions clusterOptions,
      PrintStream err)
      throws IOException {
    if (poolSession == null
        || poolParent == null
        || !DirectoryLock.owner(dir.lockFile()).equals(Optional.of(poolParent))) {
      err.println(
          "weft: --worker is for the worker JVMs that weft fuzz --workers starts (the pool holds"
              + " the campaign's lock); to fuzz on several cores, give --workers N");
      return WeftCli.USAGE;
    }
    CampaignState state = CampaignState.load(dir, worker, poolSession, err::println);
    SessionPlan plan =
        new SessionPlan(
            dir,
            settings,
            iterations != null ? iterations : 0,
            time,
            quiet,
            showOutput,
            minimise.budget(),
            worker,
            true,
            !noCorpusSeeds,
            poolRestart == null ? 0 : poolRestart);
    StatusDisplay display = new StatusDisplay(System.out, err, StatusDisplay.Mode.LINES, "");
    Quarantine quarantine = new Quarantine(dir.quarantine(), display::message);
    CampaignExchange exchange = new PoolSync(state.corpus(), quarantine);
    if (clusterOptions != null) {
      if (clusterMember == null) {
        err.println("weft: --cluster-member is set by the pool for its workers");
        return WeftCli.USAGE;
      }
      exchange =
          ClusterJoin.worker(
              clusterOptions,
              clusterMember,
              verbose,
              dir.root(),
              exchange,
              clusterSoFar(dir, poolSession, worker),
              quarantine,
              display::message);
    }
    return fuzz(new FuzzSession(plan, state, exchange, err, display), exchange, err, display);
  }

  /**
   * What this worker's JVMs before this one took part in the cluster with in this session (a JVM
   * replaced after a run that could not be stopped, or that died), which its own counts go on from;
   * null for the session's first JVM of the worker.
   */
  private static StatsLine.Cluster clusterSoFar(CampaignDirectory dir, int session, int worker)
      throws IOException {
    return StatsHistory.read(dir.statsLog())
        .latest(worker)
        .filter(l -> l.session() == session)
        .map(StatsLine::cluster)
        .orElse(null);
  }

  private StatusDisplay display(CampaignSettings settings, int session, PrintStream err) {
    return new StatusDisplay(
        System.out,
        err,
        statusMode,
        settings.target().describe() + " | " + corpus + " | session " + session);
  }

  /** Runs that are all skipped, or a directory that cannot be written: exit 2, not a bug. */
  private static boolean stoppedByEnvironment(SessionResult result) {
    String why = result.stopReason();
    return why != null
        && (why.startsWith("every run is skipped") || why.startsWith(FuzzSession.CANNOT_WRITE));
  }

  private static int workerExit(SessionResult result) {
    if (stoppedByEnvironment(result)) {
      return WeftCli.USAGE;
    }
    if (result.weftFailed()) {
      return WeftCli.WEFT_FAILED;
    }
    return result.findings() > 0 ? WeftCli.FOUND : WeftCli.NOTHING_FOUND;
  }

  private FuzzSettings.Given given() throws FuzzSettings.UsageException {
    TargetSpec spec = null;
    if (target != null) {
      try {
        spec = target.spec(args);
      } catch (IllegalArgumentException e) {
        throw new FuzzSettings.UsageException(e.getMessage());
      }
    } else if (!args.isEmpty()) {
      throw new FuzzSettings.UsageException("--args only applies to --main targets");
    }
    String named;
    try {
      named = Strategies.withInterference(strategy, interference);
    } catch (IllegalArgumentException e) {
      throw new FuzzSettings.UsageException(e.getMessage());
    }
    return new FuzzSettings.Given(
        spec,
        classPath,
        jvmOptions,
        named,
        depth,
        threadsBound,
        seed,
        maxSteps,
        runTimeout,
        stallTimeout,
        graphEvents,
        races,
        localObjects,
        ignoredExceptions,
        new FuzzSettings.ClusterGiven(
            cluster, memberPort, join.isEmpty() ? null : join, clusterSecretFile, noCluster));
  }

  /**
   * Runs a worker's part of the session with a shutdown hook that stops it; the exchange is closed
   * (a cluster's client leaves) before the hook is let go, since the JVM may end as soon as the
   * hook returns. The pool's process prints the session's opening and summary.
   */
  private static int fuzz(
      FuzzSession session, CampaignExchange exchange, PrintStream err, StatusDisplay display)
      throws IOException {
    try (StopHook hook = StopHook.install(session::requestStop, 10);
        exchange) {
      SessionResult result = session.run();
      display.close();
      if (stoppedByEnvironment(result)) {
        err.println("weft: " + result.stopReason());
      }
      return result.targetStuck() ? WorkerExit.TARGET_STUCK : workerExit(result);
    } catch (TargetException e) {
      err.println("weft: " + e.getMessage());
      return WeftCli.USAGE;
    }
  }

  /**
   * The line that opens a session: the campaign's count is every worker's of every session, as
   * {@code weft status} counts it.
   */
  private String sessionHeader(
      CampaignSettings s,
      CampaignState state,
      long sessionSeed,
      long budget,
      long executionsSoFar) {
    return String.format(
        "[weft] %s session %d of %s, strategy %s, seed %d (campaign seed %d), %s; the campaign"
            + " so far: %,d executions, %,d coverage keys, %,d corpus entries, %d finding(s)",
        corpus,
        state.session(),
        s.target().describe(),
        verbose
            ? Strategies.create(
                    s.strategy(), s.depth(), s.threadsBound(), 0, id -> 0L, GraphBudget.DEFAULT)
                .describe()
            : s.strategy(),
        sessionSeed,
        s.seed(),
        budget > 0
            ? budget + " executions"
            : time != null ? "for " + DurationText.of(time) : "until Ctrl-C",
        executionsSoFar,
        state.coverageKeyCount(),
        state.corpus().count(),
        state.findings().count());
  }

  /**
   * The workers of an earlier session that still hold their locks. A worker whose pool's process
   * was killed outright stops by itself within seconds ({@link ParentWatch}), which a resume right
   * after {@code kill -9} waits for, up to {@value #ORPHAN_WAIT_SECONDS} s.
   */
  private static List<Long> awaitOrphanedWorkers(CampaignDirectory dir, PrintStream err)
      throws IOException {
    List<Long> left = WorkerLock.liveHolders(dir.workerLocks());
    if (left.isEmpty()) {
      return left;
    }
    err.println(
        "[weft] waiting for worker process(es) "
            + left
            + " of an earlier session to stop (their pool's process is gone)");
    long deadline = System.nanoTime() + ORPHAN_WAIT_SECONDS * 1_000_000_000L;
    while (!left.isEmpty() && System.nanoTime() < deadline) {
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
      left = WorkerLock.liveHolders(dir.workerLocks());
    }
    return left;
  }

  /** The cluster as {@code weft status} and the summary show it. */
  static String clusterLine(StatsLine.Cluster c) {
    return String.format(
        "cluster: %s, members %d (seen %d), entries imported %,d / exported %,d",
        c.name(), c.members(), c.membersSeen(), c.importedEntries(), c.exportedEntries());
  }

  /**
   * The campaign's executions, every worker's of every session, as {@code weft status} counts them;
   * {@code ownCount} (this process's) if the stats log cannot be read.
   */
  static long campaignExecutions(CampaignDirectory dir, long ownCount) {
    try {
      return Math.max(ownCount, CampaignTotals.of(dir, w -> {}).executions());
    } catch (IOException | RuntimeException e) {
      return ownCount;
    }
  }

  /**
   * The given JVM options with {@link #NO_SPURIOUS_WAKEUPS} added if asked for; null stays null.
   */
  private List<String> withSpuriousWakeups(List<String> options) {
    if (!noSpuriousWakeups) {
      return options;
    }
    List<String> out = new ArrayList<>(options == null ? List.of() : options);
    if (!out.contains(NO_SPURIOUS_WAKEUPS)) {
      out.add(NO_SPURIOUS_WAKEUPS);
    }
    return out;
  }
}
