package dev.weft.cli;

import dev.weft.corpus.AtomicFiles;
import dev.weft.corpus.campaign.CampaignDirectory;
import dev.weft.corpus.campaign.CampaignFileException;
import dev.weft.dashboard.Dashboard;
import dev.weft.dashboard.DashboardServer;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code weft dashboard}: a campaign's progress, findings and interleaving map as a page a person
 * looks at, either one self-contained file or served live while the campaign runs.
 */
@Command(
    name = "dashboard",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Draw a campaign's progress from its directory: coverage over time (per worker and total) and the rate of new keys, executions/s, corpus size and pending plans, the share of planned segments realised, skipped runs, which strategy found the new keys, findings on the timeline and in a table (with replay commands and reports), and the interleaving map: which pairs of code sites conflicted and in which orders they ran.",
      "Writes one HTML file that opens from disk without network (DIR/dashboard.html by default), or with --serve keeps it live on http://127.0.0.1:PORT while the campaign runs. Several DIRs are overlaid on one page (say where with --out), e.g. two strategies on one target.",
      "Long logs are cut down before they reach the browser, keeping every extreme. Only reads the campaign, so it is safe while it runs.",
      "Exit code: 0 written or served, 2 usage error (no campaign in DIR, nothing to show yet, --out not writable)."
    })
public final class DashboardCommand implements Callable<Integer> {
  @Parameters(
      arity = "1..*",
      paramLabel = "DIR",
      description = "Campaign directories (of 'weft fuzz --corpus').")
  List<Path> directories;

  @Option(
      names = "--out",
      paramLabel = "FILE",
      description = "Where to write the page (default: DIR/dashboard.html with one DIR).")
  Path out;

  @Option(
      names = "--serve",
      paramLabel = "PORT",
      description =
          "Serve the page live on this port instead of writing it (0: any free port); it updates while the campaign runs. Ctrl-C stops.")
  Integer port;

  @Option(
      names = "--bind",
      paramLabel = "ADDRESS",
      defaultValue = "127.0.0.1",
      description =
          "The address --serve listens on (default: ${DEFAULT-VALUE}, this machine only).")
  String bind;

  @Option(
      names = "--serve-for",
      hidden = true,
      converter = DurationConverter.class,
      description = "Stop serving after this long (for tests and benchmarks).")
  Duration serveFor;

  @Override
  public Integer call() throws IOException, InterruptedException {
    PrintStream err = System.err;
    List<CampaignDirectory> dirs = new ArrayList<>();
    for (Path d : directories) {
      CampaignDirectory dir = new CampaignDirectory(d);
      if (!Files.isDirectory(d)) {
        err.println("weft: " + d + " does not exist");
        return WeftCli.USAGE;
      }
      if (!dir.holdsCampaign()) {
        err.println(
            "weft: "
                + d
                + " holds no campaign (no campaign.json); give the directory of 'weft fuzz --corpus'");
        return WeftCli.USAGE;
      }
      dirs.add(dir);
    }
    Dashboard dashboard;
    try {
      dashboard = new Dashboard(dirs);
    } catch (CampaignFileException e) {
      err.println("weft: " + e.getMessage());
      return WeftCli.USAGE;
    }
    if (port != null) {
      return serve(dashboard, err);
    }
    if (out == null && dirs.size() > 1) {
      err.println("weft: with several campaigns, say where the page goes: --out FILE");
      return WeftCli.USAGE;
    }
    Path page = out != null ? out : dirs.get(0).root().resolve("dashboard.html");
    long start = System.nanoTime();
    dashboard.refresh();
    dashboard.warnings().forEach(w -> err.println("weft: " + w));
    if (dashboard.lines() == 0) {
      err.println(
          "weft: nothing to show yet: "
              + (dirs.size() == 1 ? dirs.get(0).statsLog() : "the campaigns' stats.jsonl")
              + " is missing or empty (the campaign has not run); --serve waits for it");
      return WeftCli.USAGE;
    }
    if (dashboard.corruptLines() == dashboard.lines()) {
      err.println(
          "weft: nothing to show: every line of stats.jsonl is corrupt or of another schema ("
              + dashboard.lines()
              + " lines)");
      return WeftCli.USAGE;
    }
    if (dashboard.corruptLines() > 0) {
      err.println(
          "weft: skipped "
              + dashboard.corruptLines()
              + " corrupt line(s) of stats.jsonl; the page lists them");
    }
    byte[] html = dashboard.staticPage(page).getBytes(StandardCharsets.UTF_8);
    try {
      Path folder = page.toAbsolutePath().getParent();
      if (folder != null) {
        Files.createDirectories(folder);
      }
      AtomicFiles.write(page, html);
    } catch (IOException e) {
      err.println("weft: cannot write " + page + ": " + e.getMessage());
      return WeftCli.USAGE;
    }
    err.println(
        String.format(
            Locale.ROOT,
            "weft: read %,d stats lines in %.1f s; wrote %s (%,d KB)",
            dashboard.lines(),
            (System.nanoTime() - start) / 1e9,
            page,
            (html.length + 1023) / 1024));
    // as a URL: a campaign of a test method has '#' in its folder's name, which a browser given
    // the bare path takes for the start of a fragment
    err.println("weft: open it at " + page.toAbsolutePath().normalize().toUri());
    System.out.println(page.toAbsolutePath().normalize());
    return WeftCli.NOTHING_FOUND;
  }

  private int serve(Dashboard dashboard, PrintStream err) throws IOException, InterruptedException {
    InetSocketAddress address;
    try {
      address = new InetSocketAddress(InetAddress.getByName(bind), port);
    } catch (UnknownHostException | IllegalArgumentException e) {
      err.println("weft: cannot serve on " + bind + ":" + port + ": " + e.getMessage());
      return WeftCli.USAGE;
    }
    dashboard.refresh();
    dashboard.warnings().forEach(w -> err.println("weft: " + w));
    CountDownLatch stopped = new CountDownLatch(1);
    DashboardServer server;
    try {
      server = DashboardServer.start(dashboard, address);
    } catch (IOException e) {
      err.println("weft: cannot serve on " + bind + ":" + port + ": " + e.getMessage());
      return WeftCli.USAGE;
    }
    try (server;
        StopHook hook = StopHook.install(stopped::countDown, 5)) {
      String host = address.getAddress().isAnyLocalAddress() ? "127.0.0.1" : bind;
      err.println(
          "weft: serving the dashboard of "
              + directories.size()
              + " campaign(s) on http://"
              + host
              + ":"
              + server.port()
              + "/ (it updates while the campaigns run; Ctrl-C stops)");
      if (serveFor != null) {
        stopped.await(serveFor.toMillis(), TimeUnit.MILLISECONDS);
      } else {
        stopped.await();
      }
    }
    return WeftCli.NOTHING_FOUND;
  }
}
