package dev.weft.fuzz.campaign;

import dev.weft.corpus.FindingFiles;
import dev.weft.corpus.FindingRecord;
import dev.weft.fuzz.input.InputSearch;
import dev.weft.fuzz.minimise.FindingMinimiser;
import dev.weft.fuzz.minimise.MinimisedFinding;
import dev.weft.fuzz.output.CapturedOutput;
import dev.weft.fuzz.output.TargetOutput;
import dev.weft.fuzz.report.AddOpensHint;
import dev.weft.fuzz.report.ErrorLog;
import dev.weft.fuzz.report.InputReport;
import dev.weft.fuzz.report.ReplayHints;
import dev.weft.fuzz.report.SummaryFile;
import dev.weft.fuzz.strategy.BoundedSearch;
import dev.weft.fuzz.strategy.CoverageFeedback;
import dev.weft.fuzz.strategy.Strategies;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetException;
import dev.weft.runtime.instrument.Instrumenter;
import dev.weft.runtime.instrument.TargetClassPath;
import dev.weft.runtime.oracle.Failure;
import dev.weft.trace.FieldTable;
import dev.weft.trace.SiteTable;
import dev.weft.trace.StableHash;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntToLongFunction;

/**
 * The fuzzing loop: execute the target again and again under one strategy, deduplicate failures by
 * signature, write each new finding as a replay file plus a readable report, print progress about
 * once a second, and stop on the first finding (unless asked to keep going), on the iteration or
 * time budget, or when {@link #requestStop()} is called (Ctrl-C; a run under way is cut short,
 * since a run of millions of events can outlast the time a shutdown leaves). The target's own
 * output is printed for the first execution only (all with {@code showOutput}) and kept for the
 * report of a failing one ({@link TargetOutput}).
 *
 * <p>However it stops, it writes {@code summary.json} with the findings so far (even when the
 * target cannot be run at all, so that a script always finds one): should Weft itself fail between
 * runs (out of memory, an internal error), the loop ends there, a {@link MemoryReserve} is let go
 * so that there is room to report, and the failure is the stop reason. A {@link DescriptorReserve}
 * is let go before the last files are written, so that a target that exhausted the process's file
 * descriptors leaves some for them; such a target stops the campaign ({@link DescriptorShortage}).
 */
public final class Campaign {
  public static final String VERSION = "0.1.0";
  private static final int MAX_CONSECUTIVE_SKIPS = 50;
  private static final int RESERVE_BYTES = 8 << 20;

  /** Makes the campaign's strategy once the target's sites can be keyed. */
  @FunctionalInterface
  public interface StrategyFactory {
    Strategy create(CampaignConfig config, IntToLongFunction siteKeys);
  }

  private final CampaignConfig config;
  private final PrintStream results;
  private final PrintStream progress;
  private final StrategyFactory strategies;
  private final SiteTable sites = new SiteTable();
  private final Map<String, FoundBug> bySignature = new LinkedHashMap<>();

  /**
   * What a campaign stopped by a thread it cannot stop tells its user: the runs so far are judged,
   * the rest of the budget was not spent.
   */
  public static final String STUCK_HINT =
      "the campaign stopped before its budget was spent: a run left a target thread running that"
          + " Weft cannot stop, and this JVM should run no more of the target; weft fuzz runs its"
          + " session in a JVM of its own, replaces it after such a run and goes on";

  private final List<String> notes = new ArrayList<>();
  private boolean targetStuck;
  private final LocalObjectTotals localObjects = new LocalObjectTotals();
  private final MemoryReserve reserve = new MemoryReserve(RESERVE_BYTES);
  private final DescriptorReserve descriptors = new DescriptorReserve();
  private final DescriptorShortage shortage = new DescriptorShortage();
  private final EveryRunFindings everyRun = new EveryRunFindings();
  private boolean endNoted;
  private volatile boolean stopRequested;
  private long executions;
  private long skipped;
  private int consecutiveSkips;
  private String lastSkipReason;
  private Thread executing;
  private FindingMinimiser minimiser;
  private FreshClassCheck freshClassCheck;
  private HangConfirmation hangConfirmation;

  /** The input search of a fuzz target; null for targets that take no input. */
  private InputSearch inputs;

  /** What the last run consumed of its input, for the report of a finding it made. */
  private List<String> lastConsumed = List.of();

  private long startNanos;

  /** When the latest run ended. */
  private long runEndNanos;

  /** Time spent minimising findings, which is no time spent searching for them. */
  private long minimisingNanos;

  /** A campaign that prints its results and its progress to the same stream. */
  public Campaign(CampaignConfig config, PrintStream progress) {
    this(config, progress, progress);
  }

  /**
   * @param results where the findings go (what was found, where its files went, how to replay it):
   *     a command's standard output, so that a pipe keeps them
   * @param progress where progress and diagnostics go: a command's standard error
   */
  public Campaign(CampaignConfig config, PrintStream results, PrintStream progress) {
    this(
        config,
        results,
        progress,
        (c, siteKeys) ->
            Strategies.create(
                c.strategy(), c.depth(), c.threadsBound(), c.seed(), siteKeys, c.graphBudget()));
  }

  /** A campaign whose strategy is made by {@code strategies} instead of from its name. */
  public Campaign(CampaignConfig config, PrintStream progress, StrategyFactory strategies) {
    this(config, progress, progress, strategies);
  }

  public Campaign(
      CampaignConfig config,
      PrintStream results,
      PrintStream progress,
      StrategyFactory strategies) {
    this.config = config;
    this.results = results;
    this.progress = progress;
    this.strategies = strategies;
  }

  /**
   * Stops the campaign after the current run, which is cut short: the executor takes an interrupt
   * as the end of the run and skips it.
   */
  public synchronized void requestStop() {
    stopRequested = true;
    if (executing != null) {
      executing.interrupt();
    }
  }

  public SiteTable sites() {
    return sites;
  }

  /**
   * Runs the campaign and writes its summary; throws only for configuration problems found before
   * the first run, and if the summary itself cannot be written.
   */
  public CampaignResult run() throws TargetException, IOException {
    TargetClassPath classPath = new TargetClassPath(config.classPath());
    Instrumenter instrumenter = new Instrumenter(classPath, sites, new FieldTable());
    long start = System.nanoTime();
    startNanos = start;
    String stopReason;
    boolean weftFailed = false;
    TargetException configurationError = null;
    Strategy strategy = null;
    try {
      RunExecutor executor =
          new RunExecutor(
              instrumenter,
              config.target(),
              config.budget(),
              config.races(),
              config.localObjects(),
              config.ignoredExceptions(),
              config.spuriousWakeups());
      executor.validate();
      if (config.time() != null) {
        executor.endRunsAt(start + config.time().toNanos());
      }
      strategy = strategies.create(config, Strategies.siteKeys(sites));
      if (executor.takesInput()) {
        inputs = new InputSearch(config.inputs(), config.seed());
      }
      Files.createDirectories(config.out());
      try (TargetOutput output = TargetOutput.install()) {
        minimiser = new FindingMinimiser(executor, output, config.minimise(), () -> stopRequested);
        freshClassCheck = new FreshClassCheck(executor, output);
        hangConfirmation = new HangConfirmation(executor, output);
        stopReason = loop(executor, strategy, start, output);
        if (strategy instanceof CoverageFeedback learner) {
          learner.finishAnalysis(); // the summary's coverage counts the last run too
        }
      }
    } catch (TargetException e) {
      configurationError = e; // thrown once the summary says so: it is written in every case
      stopReason = "configuration error: " + e.getMessage();
    } catch (VirtualMachineError e) {
      reserve.release();
      descriptors.release();
      weftFailed = true;
      stopReason = failure(e);
    } catch (RuntimeException | Error | IOException e) {
      descriptors.release();
      if (DescriptorShortage.isExhaustion(e)) {
        stopReason = shortage.weftShortOf(e, executions); // the target's doing, not Weft's
        say(stopReason);
      } else {
        weftFailed = true;
        stopReason = failure(e);
      }
    }
    descriptors.release(); // the campaign's last files are written whatever the target left open
    if (strategy != null) {
      takeNotes(strategy);
    }
    endNotes();
    double seconds = (System.nanoTime() - start) / 1e9;
    CampaignResult result =
        new CampaignResult(
            executions,
            skipped,
            seconds,
            new ArrayList<>(bySignature.values()),
            stopReason,
            strategy == null ? config.strategy() : strategy.describe(),
            strategy == null ? null : strategy.status(),
            strategy == null ? Map.of() : stats(strategy),
            List.copyOf(notes),
            instrumenter.instrumentedClasses(),
            instrumenter.definedAtRunTime(),
            instrumenter.skippedClasses(),
            localObjects,
            weftFailed,
            hangConfirmation == null
                ? new HangConfirmation.Counts(0, 0)
                : hangConfirmation.counts(),
            strategy instanceof BoundedSearch bounded ? bounded.summarySections() : Map.of(),
            targetStuck);
    SummaryFile.write(config, result);
    if (configurationError != null) {
      throw configurationError;
    }
    return result;
  }

  /** The strategy's figures, and the input search's for a fuzz target. */
  private Map<String, Number> stats(Strategy strategy) {
    if (inputs == null) {
      return strategy.stats();
    }
    Map<String, Number> all = new LinkedHashMap<>(strategy.stats());
    all.putAll(inputs.stats());
    return all;
  }

  /**
   * Says in one line why Weft failed and where its stack is ({@link ErrorLog}), and returns the
   * stop reason.
   */
  private String failure(Throwable e) {
    String what =
        e instanceof OutOfMemoryError
            ? "Weft ran out of memory"
            : "Weft failed with an internal error";
    Path log = ErrorLog.write(config.out(), e);
    progress.println(
        "[weft] "
            + what
            + " after "
            + executions
            + " executions: "
            + ErrorLog.oneLine(e)
            + (log == null ? "" : " (stack in " + log + ")"));
    progress.flush();
    return what + " (" + ErrorLog.oneLine(e) + ")";
  }

  private String loop(RunExecutor executor, Strategy strategy, long start, TargetOutput output)
      throws TargetException, IOException {
    long lastPrint = start;
    String stopReason = null;
    while (stopReason == null) {
      if (stopRequested) {
        return "interrupted";
      }
      if (config.iterations() > 0 && executions >= config.iterations()) {
        return "iteration budget reached";
      }
      long now = System.nanoTime();
      if (config.time() != null && now - start >= config.time().toNanos()) {
        return "time budget reached";
      }
      stopReason = runOnce(executor, strategy, output);
      if (stopReason == null && strategy instanceof BoundedSearch bounded) {
        stopReason = bounded.stopReason(); // everything within its bound explored
      }
      now = System.nanoTime();
      if (now - lastPrint >= 1_000_000_000L) {
        lastPrint = now;
        say(statusLine(executions, skipped, now - start, status(strategy)));
      }
    }
    return stopReason;
  }

  /**
   * One execution and what follows from it; returns why the campaign stops, or null. A method of
   * its own so that nothing keeps the run's result, and its trace of possibly millions of events,
   * alive during the next run.
   */
  private String runOnce(RunExecutor executor, Strategy strategy, TargetOutput output)
      throws TargetException, IOException {
    String stopReason = null;
    boolean echo = config.showOutput() || (executions == 0 && !config.quiet());
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
    runEndNanos = System.nanoTime();
    if (result == null) {
      return "interrupted";
    }
    if (executor.lastRunOutOfTime()) {
      String note = OutOfTime.note(executions, result);
      if (note != null) {
        notes.add(note);
        say("note: " + note);
      }
      return "time budget reached";
    }
    String exhausted = shortage.after(result, executions);
    if (exhausted != null) {
      return exhausted; // before a failure to open a file is taken for the program's bug
    }
    if (inputs != null) {
      inputs.afterRun(executions, executor.lastRunEdges(), strategy);
      lastConsumed = executor.lastInput().consumed();
    }
    if (executions == 1 && echo && !config.showOutput() && !captured.isEmpty()) {
      say(
          "the target's output above is from execution 1; later executions' output is kept"
              + " for the reports of failing ones (--show-output prints all of it)");
    }
    takeNotes(strategy);
    String reuse = executor.takeReuseStoppedNote();
    if (reuse != null) {
      notes.add(reuse);
      say("note: " + reuse);
    }
    if (localObjects.add(executor.lastLocalObjects())) {
      notes.add(LocalObjectTotals.MISSED_NOTE);
      say("note: " + LocalObjectTotals.MISSED_NOTE);
    }
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
    if (!endNoted && result.outcome() == RunResult.Outcome.PASSED && result.diagnostic() != null) {
      endNoted = true; // how a passing run ended (System.exit(0) with threads still running)
      notes.add("run " + executions + ": " + result.diagnostic());
      say("note: run " + executions + ": " + result.diagnostic());
    }
    everyRun.observe(result);
    for (String note : everyRun.takeNotes()) {
      notes.add(note);
      say("note: " + note);
    }
    List<Failure> standing = standing(executor, result);
    if (!standing.isEmpty()) {
      boolean isNew = false;
      for (Failure f : standing) {
        isNew |= record(f, result, strategy, captured);
      }
      if (isNew && !config.keepGoing()) {
        stopReason = "found a bug";
      }
    }
    String leakNote = executor.blockedLeakNote(executions);
    if (leakNote != null) {
      notes.add(leakNote);
      say("note: " + leakNote);
    }
    String leakStop = executor.leakStopReason();
    if (leakStop != null) {
      targetStuck = true;
      stopReason = "after run " + executions + ", " + leakStop;
      notes.add(STUCK_HINT);
    }
    return stopReason;
  }

  /**
   * One execution, interruptible by {@link #requestStop()} and by nothing after it; null if a stop
   * was requested before it began.
   */
  private RunResult execute(RunExecutor executor, Strategy strategy) throws TargetException {
    synchronized (this) {
      if (stopRequested) {
        return null;
      }
      executing = Thread.currentThread();
    }
    try {
      return executor.execute(strategy, ++executions);
    } finally {
      synchronized (this) {
        executing = null;
      }
      Thread.interrupted();
    }
  }

  /**
   * The run's failures less the hangs a replay with more budget did not confirm ({@link
   * HangConfirmation}) and those a replay on fresh classes refuted (see {@link FreshClassCheck},
   * which also audits some runs that found nothing); only new ones are checked, known ones only add
   * to their count.
   */
  private List<Failure> standing(RunExecutor executor, RunResult result) throws TargetException {
    List<Failure> fresh = new ArrayList<>();
    List<Failure> known = new ArrayList<>();
    for (Failure f : result.failures()) {
      (bySignature.containsKey(f.signature()) ? known : fresh).add(f);
    }
    HangConfirmation.Checked hangs = hangConfirmation.check(result, fresh, executions);
    if (hangs.note() != null) {
      notes.add(hangs.note());
      say("note: " + hangs.note());
    }
    FreshClassCheck.Checked checked = freshClassCheck.check(result, hangs.standing(), executions);
    if (checked.stopped() != null) {
      notes.add(checked.stopped());
      say("note: " + checked.stopped());
      executor.takeReuseStoppedNote(); // said just now, in other words
    }
    known.addAll(checked.standing());
    return known;
  }

  /**
   * At the end: which findings every run made (said once during the campaign, here again with the
   * final count), or, for a campaign that stopped at its first run on an exception, that it may be
   * thrown on purpose.
   */
  private void endNotes() {
    if (everyRun.runs() == 1 && bySignature.size() > 0) {
      for (FoundBug bug : bySignature.values()) {
        String hint =
            bug.firstExecution() == 1 ? EveryRunFindings.firstRunHint(bug.failure()) : null;
        if (hint != null) {
          notes.add(bug.id() + " " + hint);
          say("note: " + bug.id() + " " + hint);
        }
      }
      return;
    }
    notes.removeIf(n -> n.contains(EveryRunFindings.MARK)); // said with the count of then
    notes.addAll(everyRun.notes());
  }

  /** Whether the finding of this signature was made by every run (and enough of them). */
  public boolean inEveryRun(String signature) {
    return everyRun.inEveryRun(signature);
  }

  private void takeNotes(Strategy strategy) {
    for (String note : strategy.takeNotes()) {
      notes.add(note);
      say("note: " + note);
    }
  }

  private boolean record(Failure f, RunResult result, Strategy strategy, CapturedOutput output)
      throws IOException {
    long execution = executions;
    FoundBug known = bySignature.get(f.signature());
    if (known != null) {
      known.occurrences++;
      return false;
    }
    String id =
        f.kind().label() + "-" + String.format("%08x", (int) StableHash.mix(0, f.signature()));
    Path file = config.out().resolve(id + ".weft");
    List<String> cp = new ArrayList<>();
    for (Path p : config.classPath()) {
      cp.add(p.toAbsolutePath().toString());
    }
    FindingRecord record =
        new FindingRecord(
            VERSION,
            config.target(),
            cp,
            config.jvmOptions(),
            config.budget(),
            config.localObjects(),
            strategy.describe(),
            config.seed(),
            execution,
            result.decisions(),
            f.kind(),
            f.message(),
            f.signature(),
            f.details(),
            config.ignoredExceptions(),
            inputs == null ? null : inputs.currentInput());
    tell(
        "FOUND " + f.kind().label() + " at execution " + execution + ": " + firstLine(f.message()));
    String minimising = minimiser.announcement(f);
    if (minimising != null) {
      say("  " + minimising);
    }
    double secondsToFind = secondsToFind();
    long minimiseStart = System.nanoTime();
    MinimisedFinding found = minimiser.minimise(record, f, result, output);
    minimisingNanos += System.nanoTime() - minimiseStart;
    FindingFiles.write(found.record(), file);
    String report = found.report(file, sites);
    if (inputs != null) {
      report += InputReport.section(record.input(), lastConsumed);
    }
    Files.writeString(config.out().resolve(id + ".txt"), report);
    found.writeOriginal(file);
    FoundBug bug = new FoundBug(id, f, execution, secondsToFind, file);
    bySignature.put(f.signature(), bug);
    if (found.minimised()) {
      tell("  " + found.minimisation().summary());
    } else if (minimising != null && found.note() != null) {
      tell("  " + found.note()); // why it was written as found: said after "minimising..."
    }
    String hint = AddOpensHint.of(f);
    if (hint != null) {
      tell("  " + hint);
    }
    if (inputs != null) {
      tell("  " + InputReport.oneLine(record.input()));
    }
    tell("  report: " + config.out().resolve(id + ".txt"));
    tell("  replay with: " + ReplayHints.command(file));
    return true;
  }

  /** Seconds the campaign searched until the latest run ended: minimising is not searching. */
  private double secondsToFind() {
    return (runEndNanos - startNanos - minimisingNanos) / 1e9;
  }

  private static String firstLine(String s) {
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }

  private String status(Strategy strategy) {
    String status = strategy.status();
    if (inputs == null) {
      return status;
    }
    return status == null ? inputs.status() : status + "  " + inputs.status();
  }

  private String statusLine(long executions, long skipped, long nanos, String strategyStatus) {
    double secs = nanos / 1e9;
    return String.format(
        "%5.0fs  execs %,d  (%,.0f/s)  findings %d%s%s",
        secs,
        executions,
        executions / Math.max(secs, 1e-9),
        bySignature.size(),
        skipped > 0 ? "  skipped " + skipped : "",
        strategyStatus == null ? "" : "  " + strategyStatus);
  }

  /** A line of progress or a diagnostic. */
  private void say(String line) {
    if (!config.quiet()) {
      progress.flush();
      progress.println("[weft] " + line);
      progress.flush();
    }
  }

  /** A line of the results (a finding and its files), printed even when quiet. */
  private void tell(String line) {
    progress.flush(); // what was said before comes first on a console that shows both
    results.println("[weft] " + line);
    results.flush();
  }
}
