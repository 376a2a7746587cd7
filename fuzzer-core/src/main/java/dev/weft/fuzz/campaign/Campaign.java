package dev.weft.fuzz.campaign;

import dev.weft.corpus.FindingFiles;
import dev.weft.corpus.FindingRecord;
import dev.weft.fuzz.output.CapturedOutput;
import dev.weft.fuzz.output.TargetOutput;
import dev.weft.fuzz.report.AddOpensHint;
import dev.weft.fuzz.report.FindingReport;
import dev.weft.fuzz.report.ReplayHints;
import dev.weft.fuzz.strategy.Strategies;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetException;
import dev.weft.runtime.instrument.Instrumenter;
import dev.weft.runtime.instrument.TargetClassPath;
import dev.weft.runtime.oracle.Failure;
import dev.weft.runtime.trace.FieldTable;
import dev.weft.runtime.trace.SiteTable;
import dev.weft.runtime.trace.StableHash;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fuzzing loop: execute the target again and again under one strategy, deduplicate failures by
 * signature, write each new finding as a replay file plus a readable report, print progress about
 * once a second, and stop on the first finding (unless asked to keep going), on the iteration or
 * time budget, or when {@link #requestStop()} is called (Ctrl-C). The target's own output is
 * printed for the first execution only (all with {@code showOutput}) and kept for the report of a
 * failing one ({@link TargetOutput}).
 */
public final class Campaign {
  public static final String VERSION = "0.1.0";
  private static final int MAX_CONSECUTIVE_SKIPS = 50;

  private final CampaignConfig config;
  private final PrintStream progress;
  private final SiteTable sites = new SiteTable();
  private final Map<String, FoundBug> bySignature = new LinkedHashMap<>();
  private volatile boolean stopRequested;

  public Campaign(CampaignConfig config, PrintStream progress) {
    this.config = config;
    this.progress = progress;
  }

  public void requestStop() {
    stopRequested = true;
  }

  public SiteTable sites() {
    return sites;
  }

  /** Runs the campaign; throws only for configuration problems found before the first run. */
  public CampaignResult run() throws TargetException, IOException {
    TargetClassPath classPath = new TargetClassPath(config.classPath());
    Instrumenter instrumenter = new Instrumenter(classPath, sites, new FieldTable());
    RunExecutor executor = new RunExecutor(instrumenter, config.target(), config.budget());
    executor.validate();
    Strategy strategy =
        Strategies.create(
            config.strategy(), config.depth(), config.seed(), Strategies.siteKeys(sites));
    Files.createDirectories(config.out());
    try (TargetOutput output = TargetOutput.install()) {
      return loop(executor, strategy, instrumenter, output);
    }
  }

  private CampaignResult loop(
      RunExecutor executor, Strategy strategy, Instrumenter instrumenter, TargetOutput output)
      throws TargetException, IOException {
    long start = System.nanoTime();
    long lastPrint = start;
    long executions = 0;
    long skipped = 0;
    int consecutiveSkips = 0;
    String stopReason = null;
    String lastSkipReason = null;
    while (stopReason == null) {
      if (stopRequested) {
        stopReason = "interrupted";
        break;
      }
      if (config.iterations() > 0 && executions >= config.iterations()) {
        stopReason = "iteration budget reached";
        break;
      }
      long now = System.nanoTime();
      if (config.time() != null && now - start >= config.time().toNanos()) {
        stopReason = "time budget reached";
        break;
      }
      boolean echo = config.showOutput() || (executions == 0 && !config.quiet());
      output.beginExecution(echo);
      RunResult result;
      CapturedOutput captured;
      try {
        result = executor.execute(strategy, ++executions);
      } finally {
        captured = output.endExecution();
      }
      if (executions == 1 && echo && !config.showOutput() && !captured.isEmpty()) {
        say(
            "the target's output above is from execution 1; later executions' output is kept"
                + " for the reports of failing ones (--show-output prints all of it)");
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
      if (result.failed()) {
        boolean isNew = false;
        for (Failure f : result.failures()) {
          isNew |= record(f, result, strategy, executions, captured);
        }
        if (isNew && !config.keepGoing()) {
          stopReason = "found a bug";
        }
      }
      if (executor.leakedThreads() > 0) {
        stopReason =
            "a target thread could not be stopped (it runs without reaching any scheduling point);"
                + " stopping so it does not slow further runs";
      }
      now = System.nanoTime();
      if (now - lastPrint >= 1_000_000_000L) {
        lastPrint = now;
        say(statusLine(executions, skipped, now - start, strategy.status()));
      }
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    return new CampaignResult(
        executions,
        skipped,
        seconds,
        new ArrayList<>(bySignature.values()),
        stopReason,
        strategy.status(),
        strategy.stats(),
        instrumenter.instrumentedClasses(),
        instrumenter.definedAtRunTime(),
        instrumenter.skippedClasses());
  }

  private boolean record(
      Failure f, RunResult result, Strategy strategy, long execution, CapturedOutput output)
      throws IOException {
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
            strategy.describe(),
            config.seed(),
            execution,
            result.decisions(),
            f.kind(),
            f.message(),
            f.signature(),
            f.details());
    FindingFiles.write(record, file);
    Files.writeString(
        config.out().resolve(id + ".txt"),
        FindingReport.text(record, file, f, result, sites, output));
    FoundBug bug = new FoundBug(id, f, execution, file);
    bySignature.put(f.signature(), bug);
    say("FOUND " + f.kind().label() + " at execution " + execution + ": " + firstLine(f.message()));
    String hint = AddOpensHint.of(f);
    if (hint != null) {
      say("  " + hint);
    }
    say("  replay with: " + ReplayHints.command(file));
    return true;
  }

  private static String firstLine(String s) {
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
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

  private void say(String line) {
    if (!config.quiet()) {
      progress.println("[weft] " + line);
      progress.flush();
    }
  }
}
