package dev.weft.corpus.campaign;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One line of {@code stats.jsonl}: a worker's progress at one moment. The schema is versioned
 * ({@code schema}) and documented in docs/campaigns.md, because the dashboard and users' scripts
 * read it. Counters are the worker's totals over every session of the campaign, so they never go
 * down (except corpus entries and coverage after a corrupt entry was quarantined on resume).
 *
 * @param event {@code start}, {@code tick} (about every 5 s) or {@code stop}
 * @param executions the worker's executions over all sessions
 * @param sessionExecutions executions in this session
 * @param seconds the worker's fuzzing time over all sessions
 * @param execsPerSecond executions per second since the previous line of this session
 * @param realisedPercent planned targets the runs realised, in percent; null before any was tried
 * @param newKeysByStrategy coverage keys added since the previous line, by what made the run
 * @param cluster where the worker's cluster stood ({@code weft fuzz --cluster}), or null
 * @param stopReason on a {@code stop} line, why the worker's session (or its JVM) stopped; null on
 *     other lines and in logs of Weft before it was written. A worker JVM whose session stopped
 *     because a run left a thread running is replaced: the next {@code start} line of the same
 *     session and worker is its restart ({@link StatsHistory#restarts()})
 */
public record StatsLine(
    long time,
    String event,
    int session,
    int worker,
    long executions,
    long sessionExecutions,
    double seconds,
    double execsPerSecond,
    long coverageKeys,
    long corpusEntries,
    long pendingPlans,
    Double realisedPercent,
    long findings,
    long skipped,
    Map<String, Long> newKeysByStrategy,
    Cluster cluster,
    String stopReason) {

  public static final int SCHEMA = 1;
  private static final ObjectMapper JSON = new ObjectMapper();

  public StatsLine {
    newKeysByStrategy = Map.copyOf(newKeysByStrategy);
  }

  /** A line without a stop reason. */
  public StatsLine(
      long time,
      String event,
      int session,
      int worker,
      long executions,
      long sessionExecutions,
      double seconds,
      double execsPerSecond,
      long coverageKeys,
      long corpusEntries,
      long pendingPlans,
      Double realisedPercent,
      long findings,
      long skipped,
      Map<String, Long> newKeysByStrategy,
      Cluster cluster) {
    this(
        time,
        event,
        session,
        worker,
        executions,
        sessionExecutions,
        seconds,
        execsPerSecond,
        coverageKeys,
        corpusEntries,
        pendingPlans,
        realisedPercent,
        findings,
        skipped,
        newKeysByStrategy,
        cluster,
        null);
  }

  /** A line of a campaign that is not part of a cluster. */
  public StatsLine(
      long time,
      String event,
      int session,
      int worker,
      long executions,
      long sessionExecutions,
      double seconds,
      double execsPerSecond,
      long coverageKeys,
      long corpusEntries,
      long pendingPlans,
      Double realisedPercent,
      long findings,
      long skipped,
      Map<String, Long> newKeysByStrategy) {
    this(
        time,
        event,
        session,
        worker,
        executions,
        sessionExecutions,
        seconds,
        execsPerSecond,
        coverageKeys,
        corpusEntries,
        pendingPlans,
        realisedPercent,
        findings,
        skipped,
        newKeysByStrategy,
        null,
        null);
  }

  /** This line with {@code reason} as its stop reason. */
  public StatsLine withStopReason(String reason) {
    return new StatsLine(
        time,
        event,
        session,
        worker,
        executions,
        sessionExecutions,
        seconds,
        execsPerSecond,
        coverageKeys,
        corpusEntries,
        pendingPlans,
        realisedPercent,
        findings,
        skipped,
        newKeysByStrategy,
        cluster,
        reason);
  }

  /**
   * The cluster a worker took part in, as it saw it when the line was written: the members then,
   * the members seen this session, and the entries it took from and gave to the others this
   * session.
   */
  public record Cluster(
      String name, int members, int membersSeen, long importedEntries, long exportedEntries) {}

  /** The line as one JSON object, without a line break. */
  public String toJson() {
    ObjectNode n = JSON.createObjectNode();
    n.put("schema", SCHEMA);
    n.put("time", time);
    n.put("event", event);
    n.put("session", session);
    n.put("worker", worker);
    n.put("executions", executions);
    n.put("sessionExecutions", sessionExecutions);
    n.put("seconds", Math.round(seconds * 1000) / 1000.0);
    n.put("execsPerSecond", Math.round(execsPerSecond * 10) / 10.0);
    n.put("coverageKeys", coverageKeys);
    n.put("corpusEntries", corpusEntries);
    n.put("pendingPlans", pendingPlans);
    if (realisedPercent == null) {
      n.putNull("realisedPercent");
    } else {
      n.put("realisedPercent", Math.round(realisedPercent * 10) / 10.0);
    }
    n.put("findings", findings);
    n.put("skipped", skipped);
    ObjectNode byStrategy = n.putObject("newKeysByStrategy");
    new java.util.TreeMap<>(newKeysByStrategy).forEach(byStrategy::put);
    if (cluster != null) {
      ObjectNode c = n.putObject("cluster");
      c.put("name", cluster.name());
      c.put("members", cluster.members());
      c.put("membersSeen", cluster.membersSeen());
      c.put("importedEntries", cluster.importedEntries());
      c.put("exportedEntries", cluster.exportedEntries());
    }
    if (stopReason != null) {
      n.put("stopReason", stopReason);
    }
    try {
      return JSON.writeValueAsString(n);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Parses one line.
   *
   * @throws IllegalArgumentException if it is not a stats line of a schema this Weft reads
   */
  public static StatsLine parse(String line) {
    JsonNode n;
    try {
      n = JSON.readTree(line);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage());
    }
    if (n == null || !n.isObject()) {
      throw new IllegalArgumentException("not a JSON object");
    }
    int schema = n.path("schema").asInt(-1);
    if (schema != SCHEMA) {
      throw new IllegalArgumentException("schema " + schema + ", this Weft reads " + SCHEMA);
    }
    Map<String, Long> byStrategy = new LinkedHashMap<>();
    n.path("newKeysByStrategy")
        .properties()
        .forEach(e -> byStrategy.put(e.getKey(), e.getValue().asLong()));
    JsonNode realised = n.path("realisedPercent");
    JsonNode c = n.path("cluster");
    JsonNode stop = n.path("stopReason");
    Cluster cluster =
        c.isObject()
            ? new Cluster(
                c.path("name").asText(),
                c.path("members").asInt(),
                c.path("membersSeen").asInt(),
                c.path("importedEntries").asLong(),
                c.path("exportedEntries").asLong())
            : null;
    return new StatsLine(
        need(n, "time").asLong(),
        need(n, "event").asText(),
        need(n, "session").asInt(),
        need(n, "worker").asInt(),
        need(n, "executions").asLong(),
        need(n, "sessionExecutions").asLong(),
        need(n, "seconds").asDouble(),
        need(n, "execsPerSecond").asDouble(),
        need(n, "coverageKeys").asLong(),
        need(n, "corpusEntries").asLong(),
        need(n, "pendingPlans").asLong(),
        realised.isNumber() ? realised.asDouble() : null,
        need(n, "findings").asLong(),
        need(n, "skipped").asLong(),
        byStrategy,
        cluster,
        stop.isTextual() ? stop.asText() : null);
  }

  private static JsonNode need(JsonNode n, String field) {
    JsonNode v = n.get(field);
    if (v == null || v.isNull()) {
      throw new IllegalArgumentException("no field '" + field + "'");
    }
    return v;
  }
}
