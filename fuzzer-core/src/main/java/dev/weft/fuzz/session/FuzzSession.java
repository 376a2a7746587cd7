package dev.weft.fuzz.session;

import dev.weft.corpus.FindingRecord;
import dev.weft.corpus.campaign.CampaignSettings;
import dev.weft.corpus.campaign.CorpusEntry;
import dev.weft.corpus.campaign.FindingStore;
import dev.weft.corpus.campaign.Quarantine;
import dev.weft.corpus.campaign.StatsLine;
import dev.weft.corpus.campaign.StatsLog;
import dev.weft.fuzz.campaign.Campaign;
import dev.weft.fuzz.campaign.DescriptorReserve;
import dev.weft.fuzz.campaign.DescriptorShortage;
import dev.weft.fuzz.campaign.EveryRunFindings;
import dev.weft.fuzz.campaign.FreshClassCheck;
import dev.weft.fuzz.campaign.HangConfirmation;
import dev.weft.fuzz.campaign.MemoryReserve;
import dev.weft.fuzz.campaign.OutOfTime;
import dev.weft.fuzz.exchange.CampaignExchange;
import dev.weft.fuzz.input.InputOptions;
import dev.weft.fuzz.input.InputSearch;
import dev.weft.fuzz.minimise.FindingMinimiser;
import dev.weft.fuzz.minimise.MinimisedFinding;
import dev.weft.fuzz.output.CapturedOutput;
import dev.weft.fuzz.output.TargetOutput;
import dev.weft.fuzz.report.AddOpensHint;
import dev.weft.fuzz.report.InputReport;
import dev.weft.fuzz.report.ReplayHints;
import dev.weft.fuzz.status.StatusDisplay;
import dev.weft.fuzz.status.StatusSnapshot;
import dev.weft.fuzz.strategy.BoundedSearch;
import dev.weft.fuzz.strategy.CoverageFeedback;
import dev.weft.fuzz.strategy.Strategies;
import dev.weft.graph.GraphBudget;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetException;
import dev.weft.runtime.instrument.Instrumenter;
import dev.weft.runtime.instrument.TargetClassPath;
import dev.weft.runtime.oracle.Failure;
import dev.weft.trace.FieldTable;
import dev.weft.trace.SiteTable;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One session of a campaign on disk ({@code weft fuzz}): runs the target again and again, keeps
 * every run that added coverage keys as a corpus entry, writes each new finding once (a finding
 * seen again, in this session or an earlier one, only counts), writes {@code stats.jsonl}, and goes
 * on after findings until its budget is spent or {@link #requestStop()} is called (Ctrl-C, SIGTERM;
 * a run under way is cut short and counted as skipped). Counters continue from the campaign's
 * {@link CampaignState}, and the strategy starts with the coverage the corpus holds. What it shares
 * with other processes (pool workers, cluster members) goes through its {@link CampaignExchange},
 * whichever kind that is.
 *
 * <p>{@link Campaign} is the in-memory loop of {@code weft run}; the two share the reports, the
 * output routing and the strategies (and the descriptor reserve and shortage check: a target that
 * exhausts the process's descriptors stops the session, its last files still written), and may
 * become one loop once {@code run} is {@code fuzz} with a temporary corpus.
 */
public final class FuzzSession {
  private static final int MAX_CONSECUTIVE_SKIPS = 50;
  private static final int RESERVE_BYTES = 8 << 20;

  /** How the stop reason of a session that could not write its directory begins. */
  public static final String CANNOT_WRITE = "cannot write to the campaign directory ";

  private final SessionPlan plan;
  private final CampaignState state;
  private final CampaignExchange exchange;
  private final Set<String> claimedElsewhere = new HashSet<>();
  private final PrintStream progress;
  private final StatusDisplay display;
  private final SiteTable sites = new SiteTable();
  private final MemoryReserve reserve = new MemoryReserve(RESERVE_BYTES);
  private final DescriptorReserve descriptors = new DescriptorReserve();
  private final DescriptorShortage shortage = new DescriptorShortage();
  private final List<String> newFindings = new ArrayList<>();
  private final Quarantine quarantine;
  private final EveryRunFindings everyRun = new EveryRunFindings();
  private boolean endNoted;
  private InterleavingRecorder interleavings;
  private final int session;
  private final long sessionSeed;
  private volatile boolean stopRequested;
  private Thread executing;
  private long executions;
  private long sessionExecutions;
  private long skipped;
  private int consecutiveSkips;
  private String lastSkipReason;
  private long startNanos;
  private FindingMinimiser minimiser;
  private FreshClassCheck freshClassCheck;
  private HangConfirmation hangConfirmation;
  private boolean targetStuck;
  private long lastNewKeyNanos;

  /** The last two runs (the strategy learns from a run when the next ends) and their numbers. */
  private RunResult lastRun;

  private RunResult previousRun;
  private long lastRunNumber = -1;
  private long lastFindingNanos;

  /** The input search of a fuzz target; null for targets that take no input. */
  private InputSearch inputs;

  /** What the last run consumed of its input, for the report of a finding it made. */
  private List<String> lastConsumed = List.of();

  /**
   * Runs that reached new branch edges, waiting for the strategy's judgement of their schedules:
   * each is saved once, as one entry with its new keys (if any) and its new edges.
   */
  private final Map<Long, EdgeNews> edgeNews = new TreeMap<>();

  /** A run that reached new edges: what its corpus entry needs. */
  private record EdgeNews(int[] edges, int[] decisions, long nanos, byte[] input) {}

  /**
   * @param exchange what the session shares its entries and findings through
   * @param progress where Weft's own failures are printed in full
   * @param display where the status and the messages (findings, warnings) go
   */
  public FuzzSession(
      SessionPlan plan,
      CampaignState state,
      CampaignExchange exchange,
      PrintStream progress,
      StatusDisplay display) {
    this.plan = plan;
    this.state = state;
    this.exchange = exchange;
    this.progress = progress;
    this.display = display;
    this.session = state.session();
    this.sessionSeed = plan.seed(session);
    this.executions = state.executions();
    this.skipped = state.skipped();
    this.quarantine = new Quarantine(plan.directory().quarantine(), display::message);
  }

  public int session() {
    return session;
  }

  public long sessionSeed() {
    return sessionSeed;
  }

  /** Stops after the current run, which is cut short. */
  public synchronized void requestStop() {
    stopRequested = true;
    if (executing != null) {
      executing.interrupt();
    }
  }

  /**
   * Runs the session; throws only for configuration problems found before the first run and for
   * files of the campaign that cannot be written.
   */
  public SessionResult run() throws TargetException, IOException {
    CampaignSettings s = plan.settings();
    List<Path> classPath = s.classPath().stream().map(Path::of).toList();
    try (TargetClassPath targetClassPath = new TargetClassPath(classPath)) {
      Instrumenter instrumenter = new Instrumenter(targetClassPath, sites, new FieldTable());
      RunExecutor executor =
          new RunExecutor(
              instrumenter,
              s.target(),
              s.budget(),
              s.races(),
              s.localObjects(),
              s.ignoredExceptions());
      executor.validate();
      Strategy strategy =
          Strategies.create(
              s.strategy(),
              s.depth(),
              s.threadsBound(),
              sessionSeed,
              Strategies.siteKeys(sites),
              new GraphBudget(s.graphEvents()));
      CoverageFeedback feedback = strategy instanceof CoverageFeedback f ? f : null;
      if (executor.takesInput()) {
        inputs = new InputSearch(InputOptions.DEFAULT, sessionSeed);
        inputs.restoreEdges(state.edges());
        for (CorpusEntry e : state.favouredEntries()) {
          inputs.knowEntry(e.id(), e.input());
        }
      }
      if (feedback != null) {
        feedback.restoreCoverage(state.coverageKeys());
        boolean seeded = false;
        if (plan.corpusSeeds()) {
          for (CorpusEntry e : state.favouredEntries()) {
            feedback.offerSeed(e.id(), e.decisions());
            seeded = true;
          }
        }
        if (plan.worker() > 0 || seeded) {
          feedback.skipNonPreemptiveRun();
        }
      }
      return run(executor, strategy, feedback);
    }
  }

  private SessionResult run(RunExecutor executor, Strategy strategy, CoverageFeedback feedback)
      throws TargetException, IOException {
    startNanos = System.nanoTime();
    if (plan.time() != null) {
      executor.endRunsAt(startNanos + plan.time().toNanos());
    }
    StatsTicker ticker =
        new StatsTicker(
            new StatsLog(plan.directory().statsLog()),
            session,
            plan.worker(),
            feedback,
            state.coverageKeyCount(),
            counters());
    String stopReason;
    boolean weftFailed = false;
    try (TargetOutput output = TargetOutput.install()) {
      interleavings = new InterleavingRecorder(plan.directory(), plan.worker(), sites, quarantine);
      ticker.write("start", startNanos);
      minimiser = new FindingMinimiser(executor, output, plan.minimise(), () -> stopRequested);
      freshClassCheck = new FreshClassCheck(executor, output);
      hangConfirmation = new HangConfirmation(executor, output);
      importShared(feedback); // what the others found before this session began
      stopReason = loop(executor, strategy, feedback, ticker, output);
      if (feedback != null) {
        feedback.finishAnalysis(); // the last run's keys are saved too
        learnt(feedback, ticker);
      }
      saveEdgeNews(Long.MAX_VALUE);
    } catch (VirtualMachineError e) {
      reserve.release();
      descriptors.release();
      weftFailed = true;
      stopReason = failure(e);
    } catch (IOException e) {
      descriptors.release();
      stopReason =
          DescriptorShortage.isExhaustion(e) ? shortage.weftShortOf(e, executions) : cannotWrite(e);
    } catch (RuntimeException | Error e) {
      descriptors.release();
      weftFailed = true;
      stopReason = failure(e);
    }
    descriptors.release(); // the session's last files are written whatever the target left open
    for (String note : strategy.takeNotes()) {
      say("note: " + note);
    }
    for (String note : everyRun.notes()) {
      say("note: " + note); // said at the first runs, and again with this session's count
    }
    long now = System.nanoTime();
    try {
      shareSightings();
      state.findings().flush();
      if (interleavings != null) {
        interleavings.flush();
      }
      ticker.stop(stopReason, now);
    } catch (IOException e) {
      if (stopReason == null || !stopReason.startsWith(CANNOT_WRITE)) {
        stopReason = cannotWrite(e);
      }
    }
    return new SessionResult(
        session,
        sessionExecutions,
        executions,
        (now - startNanos) / 1e9,
        skipped,
        feedback == null ? state.coverageKeyCount() : feedback.coveredKeys(),
        state.corpus().count(),
        newFindings,
        state.findings().count(),
        stopReason,
        weftFailed,
        targetStuck);
  }

  private StatsTicker.Counters counters() {
    return new StatsTicker.Counters() {
      @Override
      public long executions() {
        return executions;
      }

      @Override
      public long sessionExecutions() {
        return sessionExecutions;
      }

      @Override
      public double seconds() {
        return state.seconds() + (System.nanoTime() - startNanos) / 1e9;
      }

      @Override
      public long skipped() {
        return skipped;
      }

      @Override
      public long corpusEntries() {
        return state.corpus().count();
      }

      @Override
      public long findings() {
        return state.findings().count();
      }

      @Override
      public StatsLine.Cluster cluster() {
        return exchange.cluster();
      }
    };
  }

  private String loop(
      RunExecutor executor,
      Strategy strategy,
      CoverageFeedback feedback,
      StatsTicker ticker,
      TargetOutput output)
      throws TargetException, IOException {
    while (true) {
      if (stopRequested) {
        return "interrupted";
      }
      if (plan.iterations() > 0 && sessionExecutions >= plan.iterations()) {
        return "iteration budget reached";
      }
      long now = System.nanoTime();
      if (plan.time() != null && now - startNanos >= plan.time().toNanos()) {
        return "time budget reached";
      }
      if (exchange.hasArrivals()) {
        importShared(feedback); // as they come: keys another member has are not new here
      }
      String stopReason = runOnce(executor, strategy, feedback, ticker, output);
      if (stopReason == null && strategy instanceof BoundedSearch bounded) {
        stopReason = bounded.stopReason(); // everything within its bound explored
      }
      if (stopReason != null) {
        return stopReason;
      }
      now = System.nanoTime();
      if (ticker.due(now)) {
        importShared(feedback);
        shareSightings();
        state.findings().flush();
        interleavings.flush();
        ticker.write("tick", now);
        if (!plan.inPool() && !plan.quiet()) {
          display.update(snapshot(now, feedback));
        }
      }
    }
  }

  /** One execution and what follows from it; returns why the session stops, or null. */
  private String runOnce(
      RunExecutor executor,
      Strategy strategy,
      CoverageFeedback feedback,
      StatsTicker ticker,
      TargetOutput output)
      throws TargetException, IOException {
    boolean echo = plan.showOutput() || (sessionExecutions == 0 && !plan.quiet());
    output.beginExecution(echo);
    RunResult result;
    CapturedOutput captured;
    try {
      if (inputs != null) {
        inputs.beforeRun(executor, strategy);
      }
      result = execute(executor, strategy);
    } finally {
      captured = output.endExecution();
    }
    if (result == null) {
      return "interrupted";
    }
    if (executor.lastRunOutOfTime()) {
      String note = OutOfTime.note(executions, result);
      if (note != null) {
        say("note: " + note);
      }
      return "time budget reached";
    }
    String exhausted = shortage.after(result, executions);
    if (exhausted != null) {
      return exhausted; // before a failure to open a file is taken for the program's bug
    }
    if (inputs != null) {
      int[] fresh = inputs.afterRun(executions, executor.lastRunEdges(), strategy);
      lastConsumed = executor.lastInput().consumed();
      if (fresh.length > 0) {
        edgeNews.put(
            executions,
            new EdgeNews(fresh, result.decisions(), result.nanos(), inputs.currentInput()));
      }
    }
    for (String note : strategy.takeNotes()) {
      say("note: " + note);
    }
    String reuse = executor.takeReuseStoppedNote();
    if (reuse != null) {
      say("note: " + reuse);
    }
    String stopReason = null;
    if (result.outcome() == RunResult.Outcome.SKIPPED) {
      skipped++;
      consecutiveSkips++;
      if (!result.diagnostic().equals(lastSkipReason)) {
        lastSkipReason = result.diagnostic();
        say("run " + executions + " skipped: " + result.diagnostic());
      }
      if (consecutiveSkips >= MAX_CONSECUTIVE_SKIPS) {
        stopReason = "every run is skipped: " + lastSkipReason;
      }
    } else {
      consecutiveSkips = 0;
    }
    interleavings.observe(result);
    if (!endNoted && result.outcome() == RunResult.Outcome.PASSED && result.diagnostic() != null) {
      endNoted = true; // how a passing run ended (System.exit(0) with threads still running)
      say("note: run " + executions + ": " + result.diagnostic());
    }
    everyRun.observe(result);
    for (String note : everyRun.takeNotes()) {
      say("note: " + note);
    }
    previousRun = lastRun;
    lastRun = result;
    lastRunNumber = executions;
    if (feedback != null) {
      learnt(feedback, ticker);
    }
    // the strategy has judged every run before this one: those only new in edges are saved now
    saveEdgeNews(feedback == null ? executions + 1 : executions);
    List<Failure> fresh = new ArrayList<>();
    for (Failure f : result.failures()) {
      if (state.findings().seenAgain(f.kind(), f.signature(), session)) {
        continue;
      }
      String id = FindingStore.id(f.kind(), f.signature());
      String holder = exchange.holder(id);
      if (holder == null) {
        fresh.add(f);
      } else {
        seenElsewhere(id, f, holder); // no replay confirms what another process writes
      }
    }
    HangConfirmation.Checked hangs = hangConfirmation.check(result, fresh, executions);
    if (hangs.note() != null) {
      say("note: " + hangs.note());
    }
    FreshClassCheck.Checked checked = freshClassCheck.check(result, hangs.standing(), executions);
    if (checked.stopped() != null) {
      say("note: " + checked.stopped());
      executor.takeReuseStoppedNote(); // said just now, in other words
    }
    for (Failure f : checked.standing()) {
      record(f, result, strategy, captured);
    }
    String leakNote = executor.blockedLeakNote(executions);
    if (leakNote != null) {
      say("note: " + leakNote);
    }
    String leakStop = executor.leakStopReason();
    if (leakStop != null) {
      targetStuck = true;
      stopReason = "after run " + executions + ", " + leakStop;
    }
    return stopReason;
  }

  /** Sends this session's sightings of findings others write, and counts theirs of ours. */
  private void shareSightings() {
    for (Map.Entry<String, Long> e : exchange.shareSightings(state.findings().ids()).entrySet()) {
      state.findings().seenElsewhere(e.getKey(), e.getValue());
    }
  }

  /**
   * Takes in the entries the others (other workers, other members) found since the last look: their
   * keys are covered here too, so that no key is new twice in the campaign, and their schedules are
   * mutated here as well (AFL++'s secondary instances sync alike).
   */
  private void importShared(CoverageFeedback feedback) throws IOException {
    for (CampaignExchange.SharedEntry shared : exchange.receive()) {
      if (inputs != null) {
        inputs.restoreEdges(shared.entry().newEdges());
        inputs.knowEntry(shared.id(), shared.entry().input());
      }
      if (feedback != null) {
        feedback.restoreCoverage(shared.entry().coverageKeys());
        if (plan.corpusSeeds()) {
          feedback.offerSeed(shared.id(), shared.entry().decisions());
        }
      }
    }
  }

  /**
   * Takes in what the strategy learnt when the last run ended: the realised conflicts, and the run
   * it learnt from as a corpus entry if that added coverage keys. It learns from each run when the
   * next ends, so the run is the last or the one before.
   */
  private void learnt(CoverageFeedback feedback, StatsTicker ticker) throws IOException {
    long run = feedback.lastAnalysedRun();
    if (run < 0) {
      return;
    }
    interleavings.realised(feedback);
    RunResult result =
        run == lastRunNumber ? lastRun : run == lastRunNumber - 1 ? previousRun : null;
    if (result == null) {
      throw new IllegalStateException(
          "the strategy learnt from run " + run + ", after run " + lastRunNumber);
    }
    keep(run, result, feedback, ticker);
  }

  /**
   * Saves the runs before {@code before} that reached new edges and were not saved with new keys:
   * as entries whose schedule added nothing, kept for their input.
   */
  private void saveEdgeNews(long before) throws IOException {
    var it = edgeNews.entrySet().iterator();
    while (it.hasNext()) {
      var e = it.next();
      if (e.getKey() >= before) {
        break;
      }
      EdgeNews news = e.getValue();
      it.remove();
      CorpusEntry entry =
          new CorpusEntry(
              plan.worker(),
              e.getKey(),
              news.input(),
              news.decisions(),
              new long[0],
              news.nanos(),
              "input",
              null,
              session,
              System.currentTimeMillis(),
              news.edges());
      state.corpus().add(entry);
      inputs.nameRun(e.getKey(), entry.id());
    }
  }

  /** Saves the run as a corpus entry if it added coverage keys or (a fuzz target) branch edges. */
  private void keep(long run, RunResult result, CoverageFeedback feedback, StatsTicker ticker)
      throws IOException {
    long[] keys = feedback.lastRunNewKeys();
    if (keys.length == 0) {
      return; // saved for its edges alone, if it reached new ones (saveEdgeNews)
    }
    EdgeNews news = edgeNews.remove(run);
    long parentRun = feedback.lastRunParent();
    String parent = feedback.lastRunParentEntry();
    if (parent == null && parentRun >= 0) {
      parent = CorpusEntry.id(plan.worker(), parentRun);
    }
    CorpusEntry entry =
        new CorpusEntry(
            plan.worker(),
            run,
            inputOf(run),
            result.decisions(),
            keys,
            result.nanos(),
            feedback.lastRunOrigin(),
            parent,
            session,
            System.currentTimeMillis(),
            news == null ? new int[0] : news.edges());
    exchange.publish(entry, state.corpus().add(entry));
    if (inputs != null) {
      inputs.nameRun(run, CorpusEntry.id(plan.worker(), run));
    }
    ticker.newKeys(feedback.lastRunOrigin(), keys.length);
    lastNewKeyNanos = System.nanoTime();
  }

  /** The input bytes of an earlier run (empty for a target without input). */
  private byte[] inputOf(long run) {
    byte[] input = inputs == null ? null : inputs.inputOf(run);
    return input == null ? new byte[0] : input;
  }

  /** One execution, interruptible by {@link #requestStop()}; null if a stop came first. */
  private RunResult execute(RunExecutor executor, Strategy strategy) throws TargetException {
    synchronized (this) {
      if (stopRequested) {
        return null;
      }
      executing = Thread.currentThread();
    }
    try {
      sessionExecutions++;
      return executor.execute(strategy, ++executions);
    } finally {
      synchronized (this) {
        executing = null;
      }
      Thread.interrupted();
    }
  }

  /** Counts a sighting of a finding {@code holder} writes; says so at the first one. */
  private void seenElsewhere(String id, Failure f, String holder) {
    exchange.seenElsewhere(id);
    if (claimedElsewhere.add(id)) {
      say(
          "found "
              + f.kind().label()
              + " at execution "
              + executions
              + ", which "
              + holder
              + " found first and writes: "
              + firstLine(f.message()));
    }
  }

  /** Writes a new finding ({@code f} was not seen before: see the caller). */
  private void record(Failure f, RunResult result, Strategy strategy, CapturedOutput output)
      throws IOException {
    String id = FindingStore.id(f.kind(), f.signature());
    CampaignExchange.Claim claim = exchange.claim(id);
    if (!claim.ours()) {
      seenElsewhere(id, f, claim.holder());
      return;
    }
    CampaignSettings s = plan.settings();
    FindingRecord record =
        new FindingRecord(
            Campaign.VERSION,
            s.target(),
            s.classPath(),
            s.jvmOptions(),
            s.budget(),
            s.localObjects(),
            strategy.describe(),
            sessionSeed,
            executions,
            result.decisions(),
            f.kind(),
            f.message(),
            f.signature(),
            f.details(),
            s.ignoredExceptions(),
            inputs == null ? null : inputs.currentInput());
    Path file = state.findings().weftFile(record);
    tell(
        "FOUND "
            + f.kind().label()
            + " at execution "
            + executions
            + ": "
            + firstLine(f.message()));
    String minimising = minimiser.announcement(f);
    if (minimising != null) {
      say("  " + minimising);
    }
    MinimisedFinding found = minimiser.minimise(record, f, result, output);
    String report = found.report(file, sites);
    if (inputs != null) {
      report += InputReport.section(found.record().input(), lastConsumed);
    }
    Path written = state.findings().add(found.record(), report, session);
    exchange.written(id);
    if (written == null) {
      say("  another worker wrote it first: " + file.getFileName());
      return;
    }
    found.writeOriginal(file);
    newFindings.add(file.toString());
    lastFindingNanos = System.nanoTime();
    String hint = AddOpensHint.of(f);
    if (hint != null) {
      tell("  " + hint);
    }
    if (found.minimised()) {
      tell("  " + found.minimisation().summary());
    } else if (minimising != null && found.note() != null) {
      tell("  " + found.note());
    }
    tell(
        "  report: "
            + file.resolveSibling(file.getFileName().toString().replaceFirst("\\.weft$", ".txt")));
    tell("  replay with: " + ReplayHints.command(file));
  }

  /**
   * A file of the campaign could not be written (the disk is full, the directory went away). Every
   * file is written whole or not at all, so what is on disk is intact: the session stops and says
   * so, without a stack trace.
   */
  private String cannotWrite(IOException e) {
    return CANNOT_WRITE
        + plan.directory().root()
        + " ("
        + e
        + "); everything written before is intact: free space (or restore the directory) and"
        + " resume";
  }

  private String failure(Throwable e) {
    String what =
        e instanceof OutOfMemoryError
            ? "Weft ran out of memory"
            : "Weft failed with an internal error";
    progress.println("[weft] " + what + " after " + executions + " executions:");
    e.printStackTrace(progress);
    progress.flush();
    return what + " (" + e + ")";
  }

  private StatusSnapshot snapshot(long now, CoverageFeedback feedback) {
    double secs = (now - startNanos) / 1e9;
    return new StatusSnapshot(
        secs,
        executions,
        sessionExecutions / Math.max(secs, 1e-9),
        feedback == null ? state.coverageKeyCount() : feedback.coveredKeys(),
        state.corpus().count(),
        feedback == null ? -1 : feedback.pendingPlans(),
        feedback == null ? null : feedback.realisedPercent(),
        state.findings().count(),
        newFindings.size(),
        skipped,
        sessionExecutions,
        lastNewKeyNanos == 0 ? Double.NaN : (now - lastNewKeyNanos) / 1e9,
        lastFindingNanos == 0 ? Double.NaN : (now - lastFindingNanos) / 1e9,
        List.of());
  }

  private static String firstLine(String s) {
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }

  /** A line of progress or a diagnostic. */
  private void say(String line) {
    if (!plan.quiet()) {
      display.message("[weft] " + line);
    }
  }

  /** A line of the results (a finding and its files), printed even when quiet. */
  private void tell(String line) {
    display.result("[weft] " + line);
  }
}
