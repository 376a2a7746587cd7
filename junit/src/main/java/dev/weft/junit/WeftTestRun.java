package dev.weft.junit;

import dev.weft.corpus.CorruptFileException;
import dev.weft.corpus.FindingFiles;
import dev.weft.corpus.FindingRecord;
import dev.weft.corpus.SavedFindings;
import dev.weft.fuzz.campaign.Campaign;
import dev.weft.fuzz.campaign.CampaignConfig;
import dev.weft.fuzz.campaign.CampaignResult;
import dev.weft.fuzz.campaign.FoundBug;
import dev.weft.fuzz.minimise.MinimiseBudget;
import dev.weft.fuzz.output.CapturedOutput;
import dev.weft.fuzz.output.TargetOutput;
import dev.weft.fuzz.replay.FindingReplay;
import dev.weft.fuzz.report.FindingReport;
import dev.weft.graph.GraphBudget;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetException;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.oracle.ExpectedExceptions;
import dev.weft.runtime.races.RaceMode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.opentest4j.AssertionFailedError;

/**
 * One {@code @WeftTest}: the saved findings replayed first (one that still reproduces fails the
 * test, naming its file), then, unless only replaying, a campaign on the test method within the
 * test's budget, whose first finding is saved beside the tests and fails the test with its report.
 * Weft's runs share process-wide state (the active scheduler, the routed output streams), so tests
 * run under Weft one at a time even when JUnit runs tests in parallel.
 */
final class WeftTestRun {
  private static final Object ONE_AT_A_TIME = new Object();

  private final TargetSpec target;
  private final WeftTestSettings settings;
  private final PrintStream log;

  WeftTestRun(String className, String methodName, WeftTestSettings settings, PrintStream log) {
    this.target = TargetSpec.test(className + "#" + methodName);
    this.settings = settings;
    this.log = log;
  }

  /** Passes, or throws the failure that ends the test. */
  void run() throws IOException, TargetException {
    synchronized (ONE_AT_A_TIME) {
      List<Path> classPath = TestRunClassPath.of(settings.classPath());
      SavedFindings saved =
          new SavedFindings(settings.findings(), target.className(), target.methodName());
      replaySaved(saved, classPath);
      if (settings.replayOnly()) {
        return;
      }
      search(saved, classPath);
    }
  }

  private void replaySaved(SavedFindings saved, List<Path> classPath)
      throws IOException, TargetException {
    for (Path file : saved.files()) {
      FindingRecord record;
      try {
        record = FindingFiles.read(file);
      } catch (CorruptFileException e) {
        throw new IllegalStateException("saved finding " + file + " cannot be read: " + e);
      }
      RunExecutor executor = FindingReplay.executor(record, classPath);
      FindingReplay.Outcome outcome;
      CapturedOutput output;
      try (TargetOutput routed = TargetOutput.install()) {
        routed.beginExecution(false);
        try {
          outcome = FindingReplay.replay(record, executor);
        } finally {
          output = routed.endExecution();
        }
      }
      if (outcome.isReproduced()) {
        throw new AssertionFailedError(
            "saved finding "
                + file
                + " still reproduces: the bug is there. Keep the file when you fix it; from then"
                + " on it passes, and guards against the bug's return.\n\n"
                + FindingReport.text(
                    record,
                    file,
                    outcome.reproduced(),
                    outcome.run(),
                    outcome.switches(), // the preemption marks, as in weft replay
                    executor.sites(),
                    output,
                    null,
                    null));
      }
      log.println(
          "[weft] saved finding "
              + file.getFileName()
              + " does not reproduce ("
              + outcome.run().outcome().name().toLowerCase(java.util.Locale.ROOT)
              + ")");
    }
  }

  private void search(SavedFindings saved, List<Path> classPath)
      throws IOException, TargetException {
    Path out = settings.work().resolve(target.describe());
    CampaignConfig config =
        new CampaignConfig(
            target,
            classPath,
            settings.strategy(),
            settings.depth(),
            0,
            settings.seed(),
            settings.iterations(),
            settings.time(),
            false,
            out,
            RunBudget.DEFAULT,
            List.of(),
            GraphBudget.DEFAULT,
            false,
            false,
            RaceMode.DEFAULT,
            RunExecutor.localObjectsByDefault(RaceMode.DEFAULT),
            MinimiseBudget.CAMPAIGN_DEFAULT,
            ExpectedExceptions.NONE);
    log.printf(
        "[weft] %s: strategy %s, seed %d, %s%s%n",
        target.describe(),
        settings.strategy(),
        settings.seed(),
        settings.iterations() > 0 ? "at most " + settings.iterations() + " executions" : "",
        settings.time() == null
            ? ""
            : (settings.iterations() > 0 ? " or " : "for ") + settings.time().toSeconds() + " s");
    CampaignResult result = new Campaign(config, log).run();
    log.printf(
        "[weft] %s: %s after %,d executions in %.1f s%n",
        target.describe(), result.stopReason(), result.executions(), result.seconds());
    if (!result.findings().isEmpty()) {
      FoundBug bug = result.findings().get(0);
      Path savedFile = saved.save(bug.file());
      throw new AssertionFailedError(message(bug, savedFile, result));
    }
    if (result.weftFailed()) {
      throw new IllegalStateException(
          "Weft failed: " + result.stopReason() + " (its summary is in " + out + ")");
    }
    if (result.stopReason() != null && result.stopReason().startsWith("every run is skipped")) {
      throw new IllegalStateException(
          "Weft could not run " + target.describe() + ": " + result.stopReason());
    }
  }

  /** The finding's report, as the campaign wrote it, and where it is saved and how to replay it. */
  private String message(FoundBug bug, Path savedFile, CampaignResult result) throws IOException {
    Path reportFile = bug.file().resolveSibling(bug.id() + ".txt");
    String report = Files.readString(reportFile);
    int asFound = report.indexOf("\nInterleaving as found");
    if (asFound > 0) {
      // a test taking an input: the input section follows the interleaving as found; keep it
      int input = report.indexOf("\nInput (", asFound);
      report =
          report.substring(0, asFound)
              + (input > 0 ? report.substring(input) : "")
              + "\n(the interleaving as found is in "
              + reportFile
              + ")\n";
    }
    return "Weft found "
        + bug.failure().kind().label()
        + " in "
        + target.describe()
        + " (seed "
        + settings.seed()
        + ", execution "
        + bug.firstExecution()
        + " of "
        + result.executions()
        + ")\n\n"
        + report
        + "\nSaved as "
        + savedFile
        + ": every run of this test replays it first and fails while it reproduces."
        + "\nReplay it: run this test again (with Maven: mvn test -Dtest="
        + target.className().substring(target.className().lastIndexOf('.') + 1)
        + "#"
        + target.methodName()
        + "); the file holds no path of this machine, so it replays on any checkout.";
  }
}
