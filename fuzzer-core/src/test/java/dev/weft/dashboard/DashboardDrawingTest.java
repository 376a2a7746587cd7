package dev.weft.dashboard;

import static dev.weft.dashboard.HandWrittenCampaign.line;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.corpus.FindingRecord;
import dev.weft.corpus.campaign.FindingStore;
import dev.weft.corpus.campaign.Quarantine;
import dev.weft.corpus.campaign.StatsLine;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.oracle.FindingKind;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How the page draws what is hard to draw, checked in a real browser (Chromium without a screen):
 * finding labels at the right edge of a chart and close together, axis labels of millions, and two
 * sessions two hours apart. The page reports what it drew where; screenshots go to {@code
 * target/dashboard/} for people to look at.
 */
class DashboardDrawingTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long T0 = 1_700_000_000_000L;
  private static final long SECOND_SESSION = T0 + 2 * 3600_000L;
  private static final int LINES = 120;

  @TempDir Path dir;

  private HeadlessChromium.PageCheck drawn(HandWrittenCampaign c, String name) throws Exception {
    Dashboard d = new Dashboard(List.of(c.dir));
    d.refresh();
    Path page = dir.resolve(name + ".html");
    Files.writeString(page, d.staticPage(page), StandardCharsets.UTF_8);
    HeadlessChromium chromium = HeadlessChromium.find(dir.resolve("chromium-profile"));
    chromium.screenshot(
        page.toUri().toString(), Path.of("target", "dashboard").resolve(name + ".png"));
    HeadlessChromium.PageCheck check = chromium.check(page.toUri().toString());
    assertThat(check.errors()).isEmpty();
    return check;
  }

  /** Two sessions of {@link #LINES} lines each, two hours apart, with millions of keys. */
  private HandWrittenCampaign twoSessions() throws Exception {
    HandWrittenCampaign c = new HandWrittenCampaign(dir.resolve("big"));
    List<StatsLine> lines = new ArrayList<>();
    long executions = 0;
    for (int session = 1; session <= 2; session++) {
      long start = session == 1 ? T0 : SECOND_SESSION;
      for (int i = 0; i < LINES; i++) {
        String event = i == 0 ? "start" : i == LINES - 1 ? "stop" : "tick";
        executions += i == 0 ? 0 : 7_500_000;
        long keys = 1_000_000L + 2_000L * (lines.size());
        StatsLine l =
            line(start + 5000L * i, event, 0, executions, 1_500_000, keys, 40.0, Map.of());
        lines.add(
            new StatsLine(
                l.time(),
                l.event(),
                session,
                l.worker(),
                l.executions(),
                l.sessionExecutions(),
                5.0 * (lines.size() - session + 1), // fuzzing time goes on from the last session
                l.execsPerSecond(),
                l.coverageKeys(),
                l.corpusEntries(),
                l.pendingPlans(),
                l.realisedPercent(),
                l.findings(),
                l.skipped(),
                Map.of("pct", 10L)));
      }
    }
    c.append(lines.toArray(StatsLine[]::new));
    return c;
  }

  private static long lastTime() {
    return SECOND_SESSION + 5000L * (LINES - 1);
  }

  /** A finding first seen at {@code firstTime}, with a report holding an interleaving. */
  private static void finding(HandWrittenCampaign c, FindingKind kind, String sig, long firstTime)
      throws Exception {
    FindingStore store = new FindingStore(c.dir.findings());
    store.load(Quarantine.reportOnly(w -> {}));
    FindingRecord record =
        new FindingRecord(
            "0.1.0",
            TargetSpec.main("com.acme.Queue", List.of()),
            List.of("/classes"),
            List.of(),
            RunBudget.DEFAULT,
            true,
            "segment",
            1,
            42,
            new int[] {1, 0},
            kind,
            "it failed",
            sig,
            null);
    Path weft = store.add(record, "report", 2);
    Path side = weft.resolveSibling(weft.getFileName().toString().replace(".weft", ".json"));
    ObjectNode n = (ObjectNode) JSON.readTree(Files.readString(side));
    n.put("firstTime", firstTime);
    Files.writeString(side, JSON.writeValueAsString(n));
  }

  private static JsonNode chart(HeadlessChromium.PageCheck check, String id) {
    for (JsonNode c : check.report().path("charts")) {
      if (c.path("id").asText().equals(id)) {
        return c;
      }
    }
    throw new AssertionError("no chart " + id + ": " + check.report());
  }

  @Test
  void findingLabelsAreWholeInsideThePlotAndDoNotCoverEachOther() throws Exception {
    HandWrittenCampaign c = twoSessions();
    finding(c, FindingKind.EXCEPTION, "sig-a", lastTime());
    finding(c, FindingKind.DEADLOCK, "sig-b", lastTime() - 5000);
    JsonNode coverage = chart(drawn(c, "markers"), "coverage");
    JsonNode plot = coverage.path("plot");
    List<JsonNode> labels = new ArrayList<>();
    coverage.path("markers").forEach(labels::add);
    assertThat(labels)
        .extracting(l -> l.path("text").asText())
        .containsExactlyInAnyOrder("exception", "deadlock");
    for (JsonNode l : labels) {
      assertThat(l.path("left").asDouble())
          .as("left of %s", l)
          .isGreaterThanOrEqualTo(plot.path("left").asDouble());
      assertThat(l.path("right").asDouble())
          .as("right of %s", l)
          .isLessThanOrEqualTo(plot.path("right").asDouble());
      assertThat(l.path("top").asDouble()).isGreaterThanOrEqualTo(plot.path("top").asDouble());
      assertThat(l.path("bottom").asDouble()).isLessThanOrEqualTo(plot.path("bottom").asDouble());
    }
    JsonNode a = labels.get(0);
    JsonNode b = labels.get(1);
    boolean apart =
        a.path("right").asDouble() <= b.path("left").asDouble()
            || b.path("right").asDouble() <= a.path("left").asDouble()
            || a.path("bottom").asDouble() <= b.path("top").asDouble()
            || b.path("bottom").asDouble() <= a.path("top").asDouble();
    assertThat(apart).as("labels %s and %s overlap", a, b).isTrue();
  }

  @Test
  void yAxisLabelsOfMillionsAreShortAndFitTheirAxis() throws Exception {
    HeadlessChromium.PageCheck check = drawn(twoSessions(), "axes");
    for (String id : List.of("coverage", "execsPerSecond", "corpus")) {
      JsonNode y = chart(check, id).path("yAxis");
      assertThat(y.path("labels").size()).as(id).isPositive();
      assertThat(y.path("widest").asDouble())
          .as("%s: widest label %s of room %s", id, y.path("widest"), y.path("room"))
          .isLessThanOrEqualTo(y.path("room").asDouble());
      y.path("labels").forEach(l -> assertThat(l.asText()).as(id).hasSizeLessThanOrEqualTo(6));
    }
  }

  @Test
  void theTimeBetweenTwoSessionsIsAGapNotALine() throws Exception {
    HeadlessChromium.PageCheck check = drawn(twoSessions(), "sessions");
    for (String id :
        List.of("coverage", "newKeyRate", "execsPerSecond", "corpus", "skipped", "strategies")) {
      assertThat(chart(check, id).path("gaps").asInt()).as(id).isEqualTo(1);
    }
  }
}
