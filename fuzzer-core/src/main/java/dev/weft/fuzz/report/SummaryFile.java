package dev.weft.fuzz.report;

import dev.weft.fuzz.campaign.CampaignConfig;
import dev.weft.fuzz.campaign.CampaignResult;
import dev.weft.fuzz.campaign.FoundBug;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code summary.json}: what a campaign did, for scripts and for the user who comes back later. The
 * campaign writes it however it ended (budget, finding, Ctrl-C, or Weft itself failing), so the
 * findings of a long campaign are never known only to a process that died.
 */
public final class SummaryFile {
  public static final String NAME = "summary.json";

  private SummaryFile() {}

  public static Path write(CampaignConfig config, CampaignResult result) throws IOException {
    Map<String, Object> summary = new LinkedHashMap<>();
    summary.put("target", config.target().describe());
    summary.put("strategy", result.strategyDescription());
    summary.put("seed", config.seed());
    summary.put("jvmOptions", config.jvmOptions());
    summary.put("ignoredExceptions", config.ignoredExceptions().names());
    summary.put("executions", result.executions());
    summary.put("skipped", result.skipped());
    summary.put("seconds", Math.round(result.seconds() * 1000) / 1000.0);
    summary.put("stopReason", result.stopReason());
    summary.put("weftFailed", result.weftFailed());
    summary.put("instrumentedClasses", result.instrumentedClasses());
    summary.put("classesDefinedAtRunTime", result.definedAtRunTime());
    summary.put("skippedClasses", new LinkedHashMap<>(result.skippedClasses()));
    Map<String, Object> locals = new LinkedHashMap<>();
    locals.put("tracked", config.localObjects());
    locals.put("accessesWithoutPoint", result.localObjects().elidedAccesses());
    locals.put("missedEscapes", result.localObjects().missedEscapes());
    summary.put("localObjects", locals);
    if (!result.strategyStats().isEmpty()) {
      summary.put("strategyStats", new LinkedHashMap<>(result.strategyStats()));
    }
    summary.putAll(result.strategySections());
    Map<String, Object> hangs = new LinkedHashMap<>();
    hangs.put("reported", result.hangs().reported());
    hangs.put("confirmed", result.hangs().confirmed());
    summary.put("hangFindings", hangs);
    summary.put("notes", new ArrayList<Object>(result.notes()));
    List<Object> findings = new ArrayList<>();
    for (FoundBug bug : result.findings()) {
      Map<String, Object> f = new LinkedHashMap<>();
      f.put("id", bug.id());
      f.put("kind", bug.failure().kind().label());
      f.put("message", bug.failure().message());
      f.put("file", bug.file().toString());
      f.put("firstFoundAt", bug.firstExecution());
      f.put("secondsToFind", Math.round(bug.secondsToFind() * 1000) / 1000.0);
      f.put("occurrences", bug.occurrences());
      findings.add(f);
    }
    summary.put("findings", findings);
    Files.createDirectories(config.out());
    Path file = config.out().resolve(NAME);
    Files.writeString(file, Json.write(summary));
    return file;
  }
}
