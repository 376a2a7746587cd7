package dev.weft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.corpus.campaign.CampaignDirectory;
import dev.weft.corpus.campaign.FindingSightings;
import dev.weft.corpus.campaign.FindingStore;
import dev.weft.corpus.campaign.Quarantine;
import dev.weft.dashboard.Dashboard;
import dev.weft.dashboard.DashboardServer;
import dev.weft.dashboard.HeadlessChromium;
import dev.weft.fuzz.report.FindingReport;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@code weft dashboard}: the page of a real campaign, checked in a real browser (Chromium without
 * a screen); bad input; and the live server while a campaign writes. Screenshots go to {@code
 * target/dashboard/} for people to look at.
 */
class WeftDashboardTest extends CliTestSupport {
  private static final Path SCREENSHOTS = Path.of("target", "dashboard");
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * A campaign on a bundled bug; {@code budget} is {@code --time 7s} or {@code --iterations 200}.
   */
  private Path campaign(String name, String... budget) {
    Path corpus = dir.resolve(name);
    int code = WeftCli.execute(fuzz(corpus, budget));
    assertThat(code).as(stderr()).isEqualTo(WeftCli.FOUND);
    return corpus;
  }

  private static String[] fuzz(Path corpus, String... budget) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "fuzz",
                "--main",
                "dev.weft.examples.juc.BoundedBufferIf",
                "--cp",
                examples(),
                "--corpus",
                corpus.toString(),
                "--seed",
                "7",
                "--minimize-time",
                "1s"));
    args.addAll(List.of(budget));
    return args.toArray(String[]::new);
  }

  private List<FindingSightings> findings(Path corpus) throws Exception {
    FindingStore store = new FindingStore(new CampaignDirectory(corpus).findings());
    store.load(Quarantine.reportOnly(w -> {}));
    return new ArrayList<>(store.all());
  }

  private HeadlessChromium browser() {
    return HeadlessChromium.find(dir.resolve("chromium-profile"));
  }

  @Test
  void drawsARealCampaignInABrowserWithNoScriptErrors() throws Exception {
    Path corpus = campaign("queue", "--time", "7s");
    clearOutput();
    assertThat(WeftCli.execute("dashboard", corpus.toString())).as(stderr()).isZero();
    Path page = corpus.resolve("dashboard.html");
    assertThat(stdout().trim()).isEqualTo(page.toAbsolutePath().normalize().toString());
    assertThat(stderr())
        .contains("wrote")
        .contains("stats lines")
        .contains("weft: open it at file:/");

    HeadlessChromium chromium = browser();
    HeadlessChromium.PageCheck check = chromium.check(page.toUri().toString());
    chromium.screenshot(page.toUri().toString(), SCREENSHOTS.resolve("campaign.png"));
    assertThat(check.errors()).isEmpty();
    assertThat(check.charts())
        .containsExactly(
            "coverage",
            "newKeyRate",
            "execsPerSecond",
            "corpus",
            "realised",
            "skipped",
            "strategies");
    for (String chart : check.charts()) {
      assertThat(check.points(chart)).as(chart).isPositive();
    }
    List<FindingSightings> found = findings(corpus);
    assertThat(found).isNotEmpty();
    assertThat(check.findingsRows()).isEqualTo(found.size());
    for (FindingSightings f : found) {
      // the table names each finding and links its report, relative to the page
      assertThat(check.dom()).contains("findings/" + f.id() + ".txt").contains(f.kind());
    }
    // each finding's interleaving, as its report prints it: thread names, marks, legend
    assertThat(check.report().path("interleavings").asInt()).isEqualTo(found.size());
    List<String> panels = interleavingPanels(check.dom());
    for (FindingSightings f : found) {
      String report = Files.readString(corpus.resolve("findings").resolve(f.id() + ".txt"));
      String interleaving = FindingReport.interleavingOf(report);
      assertThat(interleaving).contains("(fails here)").contains("! the failing step");
      assertThat(panels).contains(interleaving);
    }
    assertThat(check.pairRows()).isPositive();
    assertThat(check.dom()).contains("BoundedBufferIf.java:");
  }

  @Test
  void overlaysTwoCampaignsAndShowsCorruptLinesOnThePage() throws Exception {
    Path a = campaign("a", "--iterations", "300");
    Path b = campaign("b", "--iterations", "200");
    Files.writeString(
        b.resolve("stats.jsonl"),
        Files.readString(b.resolve("stats.jsonl")) + "{\"schema\":1,\"ti\n",
        java.nio.charset.StandardCharsets.UTF_8);
    clearOutput();
    assertThat(WeftCli.execute("dashboard", a.toString(), b.toString())).isEqualTo(2);
    assertThat(stderr()).contains("--out");
    Path page = dir.resolve("out/compare.html");
    clearOutput();
    assertThat(WeftCli.execute("dashboard", a.toString(), b.toString(), "--out", page.toString()))
        .as(stderr())
        .isZero();
    assertThat(stderr()).contains("skipped 1 corrupt line");
    HeadlessChromium.PageCheck check = browser().check(page.toUri().toString());
    browser().screenshot(page.toUri().toString(), SCREENSHOTS.resolve("compare.png"));
    assertThat(check.errors()).isEmpty();
    assertThat(check.points("coverage")).isPositive();
    // each campaign's stack of keys by strategy on its own axes
    assertThat(check.points("strategies-0")).isPositive();
    assertThat(check.points("strategies-1")).isPositive();
    assertThat(check.dom()).contains("id=\"corrupt-1\"").contains("1 corrupt line");
    assertThat(check.findingsRows()).isEqualTo(findings(a).size() + findings(b).size());
  }

  @Test
  void refusesWhatIsNotACampaignOrHasNothingToShow() throws Exception {
    assertThat(WeftCli.execute("dashboard", dir.resolve("nowhere").toString())).isEqualTo(2);
    assertThat(stderr()).contains("does not exist");
    clearOutput();
    Files.createDirectories(dir.resolve("plain"));
    assertThat(WeftCli.execute("dashboard", dir.resolve("plain").toString())).isEqualTo(2);
    assertThat(stderr()).contains("holds no campaign (no campaign.json)");
    clearOutput();
    Path broken = dir.resolve("broken");
    Files.createDirectories(broken);
    Files.writeString(broken.resolve("campaign.json"), "{ not json");
    assertThat(WeftCli.execute("dashboard", broken.toString())).isEqualTo(2);
    assertThat(stderr()).contains("campaign.json");
    clearOutput();

    Path empty = campaign("empty", "--iterations", "200");
    Files.delete(empty.resolve("stats.jsonl"));
    assertThat(WeftCli.execute("dashboard", empty.toString())).isEqualTo(2);
    assertThat(stderr()).contains("nothing to show yet").contains("stats.jsonl");
    Files.writeString(empty.resolve("stats.jsonl"), "");
    clearOutput();
    assertThat(WeftCli.execute("dashboard", empty.toString())).isEqualTo(2);
    assertThat(stderr()).contains("nothing to show yet");
    Files.writeString(empty.resolve("stats.jsonl"), "garbage\n{\"schema\":99}\n");
    clearOutput();
    assertThat(WeftCli.execute("dashboard", empty.toString())).isEqualTo(2);
    assertThat(stderr()).contains("every line of stats.jsonl is corrupt");
    assertThat(empty.resolve("dashboard.html")).doesNotExist();
  }

  /** While a campaign writes, two requests 5 s apart show more executions; the page is live. */
  @Test
  void servesALivePageThatFollowsARunningCampaign() throws Exception {
    Path corpus = dir.resolve("live");
    AtomicInteger code = new AtomicInteger(-1);
    // a stats line every second (not every five): the page is read twice while the session runs
    Thread fuzzing =
        new Thread(
            () ->
                code.set(
                    WeftCli.execute(
                        fuzz(corpus, "--time", "8s", "--jvm-opt", "-Dweft.statsMillis=1000"))));
    fuzzing.start();
    long deadline = System.nanoTime() + 120_000_000_000L;
    while (!Files.exists(corpus.resolve("campaign.json"))
        && fuzzing.isAlive()
        && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    assertThat(corpus.resolve("campaign.json")).as(stderr()).exists();
    Dashboard dashboard = new Dashboard(List.of(new CampaignDirectory(corpus)));
    HttpClient http = HttpClient.newHttpClient();
    try (DashboardServer server =
        DashboardServer.start(dashboard, new InetSocketAddress("127.0.0.1", 0))) {
      String base = "http://127.0.0.1:" + server.port() + "/";
      // awaited, not slept for: a loaded machine starts the session's JVM late, and a fixed six
      // seconds then saw no line with executions yet
      HttpResponse<String> early = awaitData(http, base, r -> lastExecutions(r) > 0);
      long first = lastExecutions(early);
      assertThat(JSON.readTree(early.body()).path("campaigns").get(0).path("running").asBoolean())
          .isTrue();
      HttpResponse<String> newer = awaitData(http, base, r -> lastExecutions(r) > first);
      JsonNode later = JSON.readTree(newer.body());
      assertThat(lastExecutions(newer)).isGreaterThan(first);
      assertThat(later.path("live").asBoolean()).isTrue();

      HttpResponse<String> page = get(http, base);
      assertThat(page.statusCode()).isEqualTo(200);
      assertThat(page.body()).contains("\"live\":true");
      HeadlessChromium.PageCheck check = browser().check(base);
      assertThat(check.errors()).isEmpty();
      assertThat(check.points("coverage")).isPositive();

      for (JsonNode f : later.path("campaigns").get(0).path("findings")) {
        HttpResponse<String> report = get(http, base + f.path("report").asText());
        assertThat(report.statusCode()).isEqualTo(200);
        assertThat(report.body()).contains(f.path("message").asText().split("\n")[0]);
      }
      assertThat(get(http, base + "c/0/findings/../../campaign.json").statusCode()).isEqualTo(404);
      assertThat(get(http, base + "c/7/findings/exception-00000000.txt").statusCode())
          .isEqualTo(404);
    }
    fuzzing.join(180_000);
    assertThat(code.get()).as(stderr()).isEqualTo(WeftCli.FOUND);
  }

  /** The command's own --serve, stopped after a while as Ctrl-C would. */
  @Test
  void theServeOptionPrintsWhereToLook() throws Exception {
    Path corpus = campaign("served", "--iterations", "200");
    clearOutput();
    AtomicInteger code = new AtomicInteger(-1);
    Thread serve =
        new Thread(
            () ->
                code.set(
                    WeftCli.execute(
                        "dashboard", corpus.toString(), "--serve", "0", "--serve-for", "4s")));
    serve.start();
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (!stderr().contains("http://") && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    String url = stderr().replaceAll("(?s).*(http://127\\.0\\.0\\.1:\\d+/).*", "$1");
    HttpResponse<String> data = get(HttpClient.newHttpClient(), url + "data.json");
    assertThat(data.statusCode()).isEqualTo(200);
    assertThat(JSON.readTree(data.body()).path("campaigns").get(0).path("lines").asLong())
        .isPositive();
    serve.join(60_000);
    assertThat(code.get()).isZero();
  }

  /** The text of each {@code <pre class="interleaving">} of a page's DOM. */
  private static List<String> interleavingPanels(String dom) {
    List<String> out = new ArrayList<>();
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("<pre class=\"interleaving\">([^<]*)</pre>").matcher(dom);
    while (m.find()) {
      out.add(
          m.group(1)
              .replace("&lt;", "<")
              .replace("&gt;", ">")
              .replace("&quot;", "\"")
              .replace("&amp;", "&"));
    }
    return out;
  }

  private static HttpResponse<String> get(HttpClient http, String url) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(url)).GET().build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /**
   * The first {@code data.json} that passes {@code done}, asked every 100 ms, for two minutes at
   * most.
   */
  private static HttpResponse<String> awaitData(HttpClient http, String base, DataCheck done)
      throws Exception {
    long deadline = System.nanoTime() + 120_000_000_000L;
    HttpResponse<String> r = get(http, base + "data.json");
    while (!done.test(r) && System.nanoTime() < deadline) {
      Thread.sleep(100);
      r = get(http, base + "data.json");
    }
    return r;
  }

  private interface DataCheck {
    boolean test(HttpResponse<String> response) throws Exception;
  }

  private static long lastExecutions(HttpResponse<String> response) throws Exception {
    assertThat(response.statusCode()).isEqualTo(200);
    JsonNode executions =
        JSON.readTree(response.body()).path("campaigns").get(0).path("rows").path("executions");
    return executions.size() == 0 ? 0 : executions.get(executions.size() - 1).asLong();
  }
}
