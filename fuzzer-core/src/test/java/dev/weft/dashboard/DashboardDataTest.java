package dev.weft.dashboard;

import static dev.weft.dashboard.HandWrittenCampaign.line;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.corpus.campaign.StatsLine;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the page plots is what the campaign's stats log says. */
class DashboardDataTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long T0 = 1_700_000_000_000L;

  @TempDir Path dir;

  /** The data embedded in the page, read back the way the page's script reads it. */
  static JsonNode embedded(String html) throws Exception {
    String open = "<script id=\"weft-data\" type=\"application/json\">";
    int from = html.indexOf(open) + open.length();
    return JSON.readTree(html.substring(from, html.indexOf("</script>", from)));
  }

  private JsonNode page(HandWrittenCampaign c) throws Exception {
    Dashboard d = new Dashboard(List.of(c.dir));
    d.refresh();
    return embedded(d.staticPage(dir.resolve("page.html"))).path("campaigns").get(0);
  }

  private static List<Object> values(JsonNode array) {
    List<Object> out = new ArrayList<>();
    array.forEach(v -> out.add(v.isNull() ? null : v.numberValue()));
    return out;
  }

  @Test
  void combinesTheWorkersLinesIntoTheCampaignsTotals() throws Exception {
    HandWrittenCampaign c = new HandWrittenCampaign(dir.resolve("c"));
    c.append(
        line(T0, "start", 0, 0, 0, 0, null, Map.of()),
        line(T0 + 10, "start", 1, 0, 0, 0, null, Map.of()),
        line(T0 + 5000, "tick", 0, 1000, 200, 300, 50.0, Map.of("first", 10L, "planned", 290L)),
        line(T0 + 5010, "tick", 1, 800, 160, 280, null, Map.of("pct", 280L)),
        line(T0 + 9000, "stop", 0, 1600, 150, 350, 40.0, Map.of("planned", 50L)));
    c.appendRaw("{\"schema\":1,\"time\":\n");
    c.appendRaw("not json at all\n");

    JsonNode p = page(c);
    JsonNode rows = p.path("rows");
    assertThat(p.path("lines").asLong()).isEqualTo(7);
    assertThat(p.path("rowCount").asInt()).isEqualTo(5);
    assertThat(p.path("corruptLines").asLong()).isEqualTo(2);
    assertThat(p.path("corruptQuoted").get(0).asText()).startsWith("line 6: ");
    assertThat(p.path("corruptQuoted").get(1).asText()).startsWith("line 7: not JSON");
    assertThat(values(rows.path("time")))
        .containsExactly(T0, T0 + 10, T0 + 5000, T0 + 5010, T0 + 9000);
    // executions add up over the workers' latest lines
    assertThat(values(rows.path("executions"))).containsExactly(0, 0, 1000, 1800, 2400);
    // executions/s: a stopped worker runs none
    assertThat(values(rows.path("execsPerSecond"))).containsExactly(0, 0, 200, 360, 160);
    // coverage: the largest worker's
    assertThat(values(rows.path("coverage"))).containsExactly(0, 0, 300, 300, 350);
    assertThat(values(rows.path("workerCoverage").path("0")))
        .containsExactly(0, null, 300, null, 350);
    assertThat(values(rows.path("workerCoverage").path("1")))
        .containsExactly(null, 0, null, 280, null);
    // realised: the mean of the workers that planned, null before any did
    assertThat(values(rows.path("realised"))).containsExactly(null, null, 50, 50, 40);
    // keys by what made the run, summed from the start
    assertThat(values(rows.path("keysByStrategy").path("planned")))
        .containsExactly(0, 0, 290, 290, 340);
    assertThat(values(rows.path("keysByStrategy").path("pct"))).containsExactly(0, 0, 0, 280, 280);
    assertThat(values(rows.path("keysByStrategy").path("first"))).containsExactly(0, 0, 10, 10, 10);
    assertThat(values(rows.path("elapsed"))).containsExactly(0, 0.01, 5, 5.01, 9);
  }

  /**
   * A 100,000-line log reaches the page as a few thousand rows, every one of them a row of the log,
   * with the first, the last, and each series' extremes kept (a one-line spike included).
   */
  @Test
  void cutsDownALongLogKeepingEveryExtreme() throws Exception {
    HandWrittenCampaign c = new HandWrittenCampaign(dir.resolve("c"));
    Random random = new Random(3);
    int n = 100_000;
    int spike = 61_234;
    int dip = 17_777;
    StatsLine[] lines = new StatsLine[n];
    Map<Long, Long> executionsAt = new HashMap<>();
    Map<Long, Double> rateAt = new HashMap<>();
    long executions = 0;
    for (int i = 0; i < n; i++) {
      executions += 1 + random.nextInt(500);
      double rate = i == spike ? 99_999 : i == dip ? 0.5 : 100 + random.nextInt(50);
      long time = T0 + 5000L * i;
      lines[i] = line(time, "tick", 0, executions, rate, i / 10, 10.0, Map.of());
      executionsAt.put(time, executions);
      rateAt.put(time, rate);
    }
    c.append(lines);

    JsonNode p = page(c);
    JsonNode rows = p.path("rows");
    int kept = rows.path("time").size();
    assertThat(p.path("rowCount").asInt()).isEqualTo(n);
    assertThat(kept).isBetween(DashboardData.BUCKETS, n / 10);
    List<Object> time = values(rows.path("time"));
    List<Object> rate = values(rows.path("execsPerSecond"));
    List<Object> execs = values(rows.path("executions"));
    for (int i = 0; i < kept; i++) {
      long t = ((Number) time.get(i)).longValue();
      assertThat(((Number) execs.get(i)).longValue()).isEqualTo(executionsAt.get(t));
      assertThat(((Number) rate.get(i)).doubleValue()).isEqualTo(rateAt.get(t));
      if (i > 0) {
        assertThat(t).isGreaterThan(((Number) time.get(i - 1)).longValue());
      }
    }
    assertThat(time.get(0)).isEqualTo(T0);
    assertThat(time.get(kept - 1)).isEqualTo(T0 + 5000L * (n - 1));
    assertThat(rate).contains(99_999, 0.5);
    assertThat(values(rows.path("coverage"))).contains(0, (n - 1) / 10);
  }

  @Test
  void embedsDataThatCannotEndItsScriptElement() throws Exception {
    HandWrittenCampaign c = new HandWrittenCampaign(dir.resolve("c"));
    c.append(line(T0, "start", 0, 0, 0, 0, null, Map.of()));
    c.appendRaw("</script><script>alert(1)</script>\n");
    Dashboard d = new Dashboard(List.of(c.dir));
    d.refresh();
    String html = d.staticPage(dir.resolve("page.html"));
    assertThat(html).doesNotContain("</script><script>alert(1)");
    assertThat(embedded(html).path("campaigns").get(0).path("corruptQuoted").get(0).asText())
        .contains("not JSON");
  }

  /**
   * Between two sessions the page gets a row with no value, halfway in wall time, so that no line
   * is drawn across the time nobody fuzzed; when every worker has stopped, executions per second
   * are no value rather than 0.
   */
  @Test
  void putsAGapBetweenSessionsAndNoRateWhereEveryWorkerStopped() throws Exception {
    HandWrittenCampaign c = new HandWrittenCampaign(dir.resolve("c"));
    StatsLine stop = line(T0 + 5000, "stop", 0, 1000, 200, 300, null, Map.of("pct", 5L));
    StatsLine resumed = line(T0 + 3_605_000, "start", 0, 1000, 0, 300, null, Map.of());
    c.append(
        line(T0, "start", 0, 0, 0, 0, null, Map.of()),
        stop,
        new StatsLine(
            resumed.time(), "start", 2, 0, 1000, 0, 5, 0, 300, 30, 1, null, 0, 10, Map.of()),
        new StatsLine(
            T0 + 3_610_000,
            "tick",
            2,
            0,
            2000,
            1000,
            10,
            200,
            400,
            40,
            1,
            null,
            0,
            20,
            Map.of("planned", 7L)));

    JsonNode p = page(c);
    JsonNode rows = p.path("rows");
    assertThat(values(rows.path("time")))
        .containsExactly(T0, T0 + 5000, T0 + 1_805_000, T0 + 3_605_000, T0 + 3_610_000);
    assertThat(values(rows.path("gaps"))).containsExactly(2);
    assertThat(values(rows.path("coverage"))).containsExactly(0, 300, null, 300, 400);
    assertThat(values(rows.path("execsPerSecond"))).containsExactly(0, null, null, 0, 200);
    assertThat(values(rows.path("keysByStrategy").path("pct"))).containsExactly(0, 5, null, 5, 5);
    assertThat(values(rows.path("keysByStrategy").path("planned")))
        .containsExactly(0, 0, null, 0, 7);
    assertThat(values(rows.path("workerCoverage").path("0")))
        .containsExactly(0, 300, null, 300, 400);
    assertThat(values(p.path("newKeyRate").path("keysPerMinute"))).contains((Object) null);
  }
}
