package dev.weft.dashboard;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.weft.corpus.campaign.CodeSite;
import dev.weft.corpus.campaign.FindingSightings;
import dev.weft.corpus.campaign.InterleavingMap;
import dev.weft.corpus.campaign.StatsHistory;
import dev.weft.fuzz.report.FindingReport;
import dev.weft.fuzz.report.ReplayHints;
import it.unimi.dsi.fastutil.doubles.DoubleArrayList;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntToDoubleFunction;

/**
 * The JSON the page plots, built from campaign views: the page embeds it (and with {@code --serve}
 * polls it), and tests read it back to check that what is drawn is what the campaign wrote. Long
 * logs are cut down here, on the server side ({@link Downsampler}), so the browser never receives
 * more than a few thousand rows per campaign.
 */
final class DashboardData {
  /**
   * Time buckets of the downsampling, about a chart's width in pixels: each keeps its first and
   * last row and each series' extremes.
   */
  static final int BUCKETS = 600;

  /** Points of the new-keys-per-minute series. */
  static final int RATE_POINTS = 300;

  private static final JsonFactory JSON = new JsonFactory();

  private DashboardData() {}

  static String json(List<CampaignView> views, ReportLinks links, boolean live, long now) {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = JSON.createGenerator(out)) {
      g.writeStartObject();
      g.writeNumberField("formatVersion", 1);
      g.writeNumberField("generated", now);
      g.writeBooleanField("live", live);
      g.writeArrayFieldStart("campaigns");
      for (int i = 0; i < views.size(); i++) {
        campaign(g, i, views.get(i), links);
      }
      g.writeEndArray();
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }

  private static void campaign(JsonGenerator g, int index, CampaignView v, ReportLinks links)
      throws IOException {
    Timeline t = v.timeline();
    g.writeStartObject();
    Path root = v.directory().root().toAbsolutePath().normalize();
    g.writeStringField(
        "name", root.getFileName() == null ? root.toString() : root.getFileName().toString());
    g.writeStringField("path", root.toString());
    g.writeStringField("target", v.settings().target().describe());
    g.writeStringField("strategy", v.settings().strategy());
    g.writeBooleanField("running", v.running());
    g.writeNumberField("lines", v.lines());
    g.writeNumberField("corruptLines", v.corruptLines());
    strings(g, "corruptQuoted", v.corruptQuoted());
    strings(g, "warnings", v.warnings());
    restarts(g, v.restarts());
    int[] workers = t.workers();
    g.writeArrayFieldStart("workers");
    for (int w : workers) {
      g.writeNumber(w);
    }
    g.writeEndArray();

    List<IntToDoubleFunction> plotted = new ArrayList<>();
    for (DoubleArrayList c :
        List.of(
            t.executions,
            t.execsPerSecond,
            t.coverage,
            t.corpus,
            t.pending,
            t.realised,
            t.skipped,
            t.findings,
            t.members)) {
      plotted.add(c::getDouble);
    }
    for (int w : workers) {
      plotted.add(workerValue(t, w, t.workerCoverage));
      plotted.add(workerValue(t, w, t.workerExecsPerSecond));
    }
    t.keysByStrategy.values().forEach(c -> plotted.add(c::getDouble));
    int[] kept =
        Downsampler.withRows(
            Downsampler.keep(t.rows(), t.time::getDouble, plotted, BUCKETS), t.gaps, t.rows());
    g.writeNumberField("rowCount", t.rows());
    g.writeObjectFieldStart("rows");
    column(g, "time", kept, t.time::getDouble);
    column(g, "elapsed", kept, t.elapsed::getDouble);
    column(g, "executions", kept, t.executions::getDouble);
    column(g, "execsPerSecond", kept, t.execsPerSecond::getDouble);
    column(g, "coverage", kept, t.coverage::getDouble);
    column(g, "corpus", kept, t.corpus::getDouble);
    column(g, "pending", kept, t.pending::getDouble);
    column(g, "realised", kept, t.realised::getDouble);
    column(g, "skipped", kept, t.skipped::getDouble);
    column(g, "findings", kept, t.findings::getDouble);
    gaps(g, kept, t);
    column(g, "members", kept, t.members::getDouble);
    g.writeObjectFieldStart("workerCoverage");
    for (int w : workers) {
      column(g, Integer.toString(w), kept, workerValue(t, w, t.workerCoverage));
    }
    g.writeEndObject();
    g.writeObjectFieldStart("workerExecsPerSecond");
    for (int w : workers) {
      column(g, Integer.toString(w), kept, workerValue(t, w, t.workerExecsPerSecond));
    }
    g.writeEndObject();
    g.writeObjectFieldStart("keysByStrategy");
    for (Map.Entry<String, DoubleArrayList> e : t.keysByStrategy.entrySet()) {
      column(g, e.getKey(), kept, e.getValue()::getDouble);
    }
    g.writeEndObject();
    g.writeEndObject();
    newKeyRate(g, t);
    findings(g, index, v, links);
    interleavings(g, new InterleavingSummary(v.interleavings()));
    g.writeEndObject();
  }

  /** The worker JVMs replaced within a session: how many, and each one's session and cause. */
  private static void restarts(JsonGenerator g, List<StatsHistory.Restart> restarts)
      throws IOException {
    g.writeNumberField("restarts", restarts.size());
    g.writeArrayFieldStart("restartList");
    for (StatsHistory.Restart r : restarts) {
      g.writeStartObject();
      g.writeNumberField("session", r.session());
      g.writeNumberField("worker", r.worker());
      g.writeNumberField("afterExecution", r.afterExecution());
      g.writeStringField("reason", r.reason());
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  /** Where the kept rows put the gaps between sessions: the page draws no line across them. */
  private static void gaps(JsonGenerator g, int[] kept, Timeline t) throws IOException {
    g.writeArrayFieldStart("gaps");
    for (int i = 0; i < kept.length; i++) {
      if (t.worker.getInt(kept[i]) < 0) {
        g.writeNumber(i);
      }
    }
    g.writeEndArray();
  }

  private static IntToDoubleFunction workerValue(Timeline t, int w, DoubleArrayList values) {
    return i -> t.worker.getInt(i) == w ? values.getDouble(i) : Double.NaN;
  }

  /**
   * New coverage keys per minute of fuzzing time, over about {@link #RATE_POINTS} equal stretches
   * of the campaign's elapsed fuzzing time (wall-clock gaps between sessions do not dilute it); a
   * stretch never spans two sessions, and a point with no value marks where they meet.
   */
  private static void newKeyRate(JsonGenerator g, Timeline t) throws IOException {
    DoubleArrayList time = new DoubleArrayList();
    DoubleArrayList elapsed = new DoubleArrayList();
    DoubleArrayList executions = new DoubleArrayList();
    DoubleArrayList perMinute = new DoubleArrayList();
    int rows = t.rows();
    if (rows > 1) {
      double span = t.elapsed.getDouble(rows - 1) - t.elapsed.getDouble(0);
      double step = Math.max(span / RATE_POINTS, 1.0);
      int from = 0;
      for (int i = 1; i < rows; i++) {
        if (t.worker.getInt(i) < 0) { // between two sessions: a break, and a stretch anew
          time.add(t.time.getDouble(i));
          elapsed.add(t.elapsed.getDouble(i));
          executions.add(t.executions.getDouble(i));
          perMinute.add(Double.NaN);
          from = i + 1;
          i++;
          continue;
        }
        double dt = t.elapsed.getDouble(i) - t.elapsed.getDouble(from);
        if (dt >= step || i == rows - 1) {
          if (dt > 0) {
            time.add(t.time.getDouble(i));
            elapsed.add(t.elapsed.getDouble(i));
            executions.add(t.executions.getDouble(i));
            perMinute.add(
                Math.max(0, t.coverage.getDouble(i) - t.coverage.getDouble(from)) * 60 / dt);
          }
          from = i;
        }
      }
    }
    int[] all = new int[time.size()];
    for (int i = 0; i < all.length; i++) {
      all[i] = i;
    }
    g.writeObjectFieldStart("newKeyRate");
    column(g, "time", all, time::getDouble);
    column(g, "elapsed", all, elapsed::getDouble);
    column(g, "executions", all, executions::getDouble);
    column(g, "keysPerMinute", all, perMinute::getDouble);
    g.writeEndObject();
  }

  private static void findings(JsonGenerator g, int index, CampaignView v, ReportLinks links)
      throws IOException {
    g.writeArrayFieldStart("findings");
    for (FindingSightings f : v.findings()) {
      g.writeStartObject();
      g.writeStringField("id", f.id());
      g.writeStringField("kind", f.kind());
      g.writeStringField("message", f.message());
      g.writeNumberField("count", f.count());
      g.writeNumberField("firstSession", f.firstSession());
      g.writeNumberField("firstExecution", f.firstExecution());
      if (f.firstTime() > 0) {
        g.writeNumberField("firstTime", f.firstTime());
      } else {
        g.writeNullField("firstTime");
      }
      g.writeArrayFieldStart("sessions");
      for (int s : f.sessions()) {
        g.writeNumber(s);
      }
      g.writeEndArray();
      Path weft = v.directory().findings().resolve(f.id() + ".weft").toAbsolutePath().normalize();
      g.writeStringField("replay", ReplayHints.command(weft));
      g.writeStringField("report", links.report(index, v, f.id()));
      g.writeStringField("interleaving", interleaving(v, f));
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  /**
   * The finding's interleaving as its report prints it (thread names, preemption and failure
   * marks); null if the report cannot be read.
   */
  private static String interleaving(CampaignView v, FindingSightings f) {
    Path report = v.directory().findings().resolve(f.id() + ".txt");
    try {
      return FindingReport.interleavingOf(Files.readString(report, StandardCharsets.UTF_8));
    } catch (IOException e) {
      return null;
    }
  }

  private static void interleavings(JsonGenerator g, InterleavingSummary s) throws IOException {
    g.writeObjectFieldStart("interleavings");
    g.writeNumberField("pairs", s.pairs);
    g.writeNumberField("bothOrders", s.bothOrders);
    g.writeNumberField("realised", s.realised);
    g.writeNumberField("oneOrderOnly", s.oneOrderOnly);
    g.writeArrayFieldStart("listed");
    for (InterleavingMap.Pair p : s.listed) {
      g.writeStartObject();
      site(g, "a", p.a());
      site(g, "b", p.b());
      g.writeNumberField("aFirst", p.aFirst());
      g.writeNumberField("bFirst", p.bFirst());
      g.writeNumberField("realisedAFirst", p.realisedAFirst());
      g.writeNumberField("realisedBFirst", p.realisedBFirst());
      g.writeBooleanField("bothOrders", p.bothOrders());
      g.writeBooleanField("oneOrderOnly", s.oneOrderOnly(p));
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeArrayFieldStart("files");
    for (Map.Entry<String, Map<Integer, InterleavingSummary.LineHeat>> f : s.files.entrySet()) {
      g.writeStartObject();
      g.writeStringField("file", f.getKey());
      g.writeArrayFieldStart("lines");
      for (InterleavingSummary.LineHeat h : f.getValue().values()) {
        g.writeStartArray();
        g.writeNumber(h.line());
        g.writeNumber(h.pairs());
        g.writeNumber(h.bothOrders());
        g.writeNumber(h.realised());
        g.writeNumber(h.oneOrderOnly());
        g.writeEndArray();
      }
      g.writeEndArray();
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  private static void site(JsonGenerator g, String field, CodeSite s) throws IOException {
    g.writeObjectFieldStart(field);
    g.writeStringField("at", s.fileAndLine());
    g.writeStringField("file", s.file());
    g.writeNumberField("line", s.line());
    g.writeStringField("method", s.className() + "." + s.method());
    g.writeStringField("operation", s.operation());
    g.writeEndObject();
  }

  private static void column(JsonGenerator g, String name, int[] rows, IntToDoubleFunction value)
      throws IOException {
    g.writeArrayFieldStart(name);
    for (int i : rows) {
      double v = value.applyAsDouble(i);
      if (Double.isNaN(v)) {
        g.writeNull();
      } else if (v == Math.rint(v) && Math.abs(v) < 1e15) {
        g.writeNumber((long) v);
      } else {
        g.writeNumber(Math.round(v * 1000) / 1000.0);
      }
    }
    g.writeEndArray();
  }

  private static void strings(JsonGenerator g, String name, List<String> values)
      throws IOException {
    g.writeArrayFieldStart(name);
    for (String s : values) {
      g.writeString(s);
    }
    g.writeEndArray();
  }
}
