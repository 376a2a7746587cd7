package dev.weft.bench;

import dev.weft.corpus.campaign.CampaignDirectory;
import dev.weft.corpus.campaign.StatsLine;
import dev.weft.dashboard.Dashboard;
import dev.weft.dashboard.HeadlessChromium;
import dev.weft.dashboard.SyntheticCampaign;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * What a dashboard costs for logs of growing length: a synthetic campaign of two workers writing a
 * line every 5 s (35k lines is a day), then the time to read the log and make the page, the page's
 * size, and in Chromium the time from navigation to the end of the first drawing. Run by {@code
 * scripts/bench-dashboard}.
 */
public final class DashboardBench {
  private DashboardBench() {}

  public static void main(String[] args) throws Exception {
    List<Integer> sizes = new ArrayList<>();
    for (String a : args) {
      sizes.add(Integer.parseInt(a.replace("k", "000").replace("M", "000000")));
    }
    if (sizes.isEmpty()) {
      sizes.addAll(List.of(1_000, 35_000, 1_000_000));
    }
    Path work = Files.createTempDirectory("weft-bench-dashboard");
    HeadlessChromium chromium = HeadlessChromium.find(work.resolve("chromium-profile"));
    System.out.println(
        "| stats lines | log MB | lines read | generate s (read + page) | page KB | coverage points"
            + " drawn | first drawing in Chromium, ms (navigation → drawn) | script ms | Chromium"
            + " process s |");
    System.out.println("|---|---|---|---|---|---|---|---|---|");
    for (int lines : sizes) {
      Path dir = work.resolve("c" + lines);
      CampaignDirectory campaign = synthetic(dir, lines);
      // a warm-up pass on the smallest log would hide first-use costs a user also pays: not done
      long start = System.nanoTime();
      Dashboard dashboard = new Dashboard(List.of(campaign));
      dashboard.refresh();
      Path page = dir.resolve("dashboard.html");
      String html = dashboard.staticPage(page);
      Files.writeString(page, html);
      double generate = (System.nanoTime() - start) / 1e9;
      HeadlessChromium.PageCheck check = chromium.check(page.toUri().toString());
      if (!check.errors().isEmpty()) {
        throw new IllegalStateException("script errors: " + check.errors());
      }
      int drawn = check.points("coverage");
      System.out.printf(
          Locale.ROOT,
          "| %,d | %.1f | %,d | %.2f | %,d | %,d | %d | %d | %.1f |%n",
          lines,
          Files.size(campaign.statsLog()) / 1e6,
          dashboard.lines(),
          generate,
          html.length() / 1024,
          drawn,
          check.sinceNavigationMillis(),
          check.renderMillis(),
          check.browserMillis() / 1000.0);
    }
  }

  /** A campaign of two workers whose coverage grows fast, then slowly, with noise and one spike. */
  static CampaignDirectory synthetic(Path root, int lines) throws IOException {
    CampaignDirectory dir = SyntheticCampaign.create(root);
    Random random = new Random(1);
    long t0 = 1_700_000_000_000L;
    long[] executions = new long[2];
    try (BufferedWriter w = Files.newBufferedWriter(dir.statsLog(), StandardCharsets.UTF_8)) {
      for (int i = 0; i < lines; i++) {
        int worker = i % 2;
        int tick = i / 2;
        double rate = i == lines / 3 ? 5 : 300 + random.nextInt(100);
        executions[worker] += (long) (rate * 5);
        long keys = (long) (20_000 * (1 - Math.exp(-tick / 2000.0))) + random.nextInt(50);
        w.write(
            new StatsLine(
                    t0 + 5000L * tick + worker,
                    i < 2 ? "start" : "tick",
                    1,
                    worker,
                    executions[worker],
                    executions[worker],
                    5.0 * tick,
                    rate,
                    keys,
                    keys / 20,
                    random.nextInt(200),
                    40.0 + random.nextInt(20),
                    0,
                    executions[worker] / 1000,
                    Map.of("planned", (long) random.nextInt(5), "pct", (long) random.nextInt(3)))
                .toJson());
        w.write('\n');
      }
    }
    return dir;
  }
}
