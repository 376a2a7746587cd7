package dev.weft.cli;

import dev.weft.corpus.campaign.CampaignDirectory;
import dev.weft.corpus.campaign.CampaignFile;
import dev.weft.corpus.campaign.CampaignFileException;
import dev.weft.corpus.campaign.CampaignSettings;
import dev.weft.corpus.campaign.CampaignTotals;
import dev.weft.corpus.campaign.FindingSightings;
import dev.weft.corpus.campaign.StatsHistory;
import dev.weft.corpus.campaign.StatsLine;
import dev.weft.fuzz.report.Json;
import dev.weft.fuzz.status.ClusterStatus;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code weft status DIR}: a campaign's totals over all sessions and workers, for a person or (with
 * {@code --json}) a script. It only reads, so it is safe while the campaign runs.
 */
@Command(
    name = "status",
    mixinStandardHelpOptions = true,
    description = {
      "Print a campaign's totals over all its sessions and workers: executions, fuzzing time, coverage keys, corpus entries, findings. Safe while the campaign runs.",
      "Exit code: 0 printed, 2 DIR holds no readable campaign."
    })
public final class StatusCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "DIR", description = "The campaign directory.")
  Path directory;

  @Option(names = "--json", description = "Print one JSON object instead of a summary.")
  boolean json;

  @Override
  public Integer call() throws Exception {
    PrintStream out = System.out;
    PrintStream err = System.err;
    CampaignDirectory dir = new CampaignDirectory(directory);
    if (!dir.holdsCampaign()) {
      err.println("weft: " + directory + " holds no campaign (no campaign.json)");
      return WeftCli.USAGE;
    }
    CampaignSettings settings;
    try {
      settings = CampaignFile.read(dir.campaignFile());
    } catch (CampaignFileException e) {
      err.println("weft: " + e.getMessage());
      return WeftCli.USAGE;
    }
    CampaignTotals t = CampaignTotals.of(dir, err::println);
    StatsLine.Cluster cluster = ClusterStatus.of(StatsHistory.read(dir.statsLog()));
    if (json) {
      out.print(Json.write(asMap(settings, t, cluster)));
    } else {
      out.print(summary(settings, t, cluster));
    }
    out.flush();
    return WeftCli.NOTHING_FOUND;
  }

  private static Map<String, Object> asMap(
      CampaignSettings s, CampaignTotals t, StatsLine.Cluster cluster) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("target", s.target().describe());
    m.put("executions", t.executions());
    m.put("seconds", Math.round(t.seconds() * 1000) / 1000.0);
    m.put("coverageKeys", t.coverageKeys());
    m.put("corpusEntries", t.corpusEntries());
    if (cluster != null || t.clusterEntries() > 0) {
      m.put("clusterEntries", t.clusterEntries());
    }
    m.put("findings", t.findings().count());
    m.put("sessions", t.sessions());
    m.put("workers", t.workers());
    m.put("skipped", t.skipped());
    m.put("unreadableFiles", t.unreadableFiles());
    m.put("running", t.running());
    m.put("restarts", t.restarts().size());
    List<Object> restarts = new ArrayList<>();
    for (StatsHistory.Restart r : t.restarts()) {
      Map<String, Object> one = new LinkedHashMap<>();
      one.put("session", r.session());
      one.put("worker", r.worker());
      one.put("afterExecution", r.afterExecution());
      one.put("reason", r.reason());
      restarts.add(one);
    }
    m.put("restartList", restarts);
    if (cluster != null) {
      Map<String, Object> c = new LinkedHashMap<>();
      c.put("name", cluster.name());
      c.put("members", cluster.members());
      c.put("membersSeen", cluster.membersSeen());
      c.put("importedEntries", cluster.importedEntries());
      c.put("exportedEntries", cluster.exportedEntries());
      m.put("cluster", c);
    }
    List<Object> findings = new ArrayList<>();
    for (FindingSightings f : t.findings().all()) {
      Map<String, Object> one = new LinkedHashMap<>();
      one.put("id", f.id());
      one.put("kind", f.kind());
      one.put("message", f.message());
      one.put("count", f.count());
      one.put("elsewhere", f.elsewhere());
      one.put("sessions", new ArrayList<Object>(f.sessions()));
      findings.add(one);
    }
    m.put("findingList", findings);
    return m;
  }

  private String summary(CampaignSettings s, CampaignTotals t, StatsLine.Cluster cluster) {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format("campaign    %s%s%n", directory, t.running() ? " (running)" : ""));
    sb.append(String.format("target      %s%n", s.target().describe()));
    sb.append(
        String.format(
            "sessions    %d, workers %d, strategy %s, seed %d%n",
            t.sessions(), t.workers(), s.strategy(), s.seed()));
    sb.append(
        String.format(
            "executions  %,d in %,.1f s (%,.0f/s)%s%n",
            t.executions(),
            t.seconds(),
            t.executions() / Math.max(t.seconds(), 1e-9),
            t.skipped() > 0 ? ", " + t.skipped() + " skipped" : ""));
    sb.append(
        String.format(
            "coverage    %,d keys in %,d corpus entries%s%n",
            t.coverageKeys(),
            t.corpusEntries(),
            t.clusterEntries() > 0 || cluster != null
                ? String.format(" and %,d taken in from the cluster", t.clusterEntries())
                : ""));
    if (cluster != null) {
      sb.append(FuzzCommand.clusterLine(cluster)).append(System.lineSeparator());
    }
    if (!t.restarts().isEmpty()) {
      StatsHistory.Restart last = t.restarts().get(t.restarts().size() - 1);
      sb.append(
          String.format(
              "restarts    %d worker JVM(s) replaced; the last in session %d, worker %d, at"
                  + " execution %,d: %s%n",
              t.restarts().size(),
              last.session(),
              last.worker(),
              last.afterExecution(),
              last.reason()));
    }
    sb.append(String.format("findings    %d%n", t.findings().count()));
    for (FindingSightings f : t.findings().all()) {
      sb.append(
          String.format(
              "  %s  seen %,d time%s%s, sessions %s: %s%n",
              f.id(),
              f.count(),
              f.count() == 1 ? "" : "s",
              f.elsewhere() > 0 ? String.format(" (%,d on other members)", f.elsewhere()) : "",
              f.sessions(),
              firstLine(f.message())));
    }
    if (t.unreadableFiles() > 0) {
      sb.append(
          String.format("unreadable  %d file(s), see the warnings above%n", t.unreadableFiles()));
    }
    return sb.toString();
  }

  private static String firstLine(String s) {
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
