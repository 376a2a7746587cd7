package dev.weft.corpus.campaign;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What {@code stats.jsonl} says about the campaign so far: the latest line of each worker (its
 * totals over all sessions, since counters are cumulative), the sessions that ran, and the worker
 * JVMs that were replaced within a session. This is where a resumed session takes its counters
 * from, and what {@code weft status} adds up.
 */
public final class StatsHistory {
  private final Map<Integer, StatsLine> latestByWorker = new TreeMap<>();
  private final Map<Long, StatsLine> lastBySlot = new HashMap<>();
  private final List<Restart> restarts = new ArrayList<>();
  private final TreeSet<Integer> sessions = new TreeSet<>();
  private final List<String> unreadable = new ArrayList<>();

  /** An empty history, to add lines to as they are read. */
  public StatsHistory() {}

  /** Reads the log (an absent file is an empty history); lines that do not parse are listed. */
  public static StatsHistory read(Path file) throws IOException {
    StatsHistory h = new StatsHistory();
    if (!Files.exists(file)) {
      return h;
    }
    int number = 0;
    for (String text : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      number++;
      if (text.isBlank()) {
        continue;
      }
      try {
        h.add(StatsLine.parse(text));
      } catch (IllegalArgumentException e) {
        h.unreadable.add("line " + number + ": " + e.getMessage());
      }
    }
    return h;
  }

  /**
   * A worker JVM that replaced another within a session: a second {@code start} line of the same
   * session and worker.
   *
   * @param afterExecution the worker's executions when the replaced JVM last wrote a line
   * @param reason why the replaced JVM stopped: its stop line's reason, or that it ended without
   *     one (killed, or crashed)
   */
  public record Restart(int session, int worker, long afterExecution, String reason) {}

  /** Adds one line, in the order of the log. */
  public void add(StatsLine line) {
    long slot = ((long) line.session() << 32) | (line.worker() & 0xffffffffL);
    StatsLine before = lastBySlot.put(slot, line);
    if (before != null && line.event().equals("start")) {
      restarts.add(
          new Restart(line.session(), line.worker(), before.executions(), restartReason(before)));
    }
    latest(line);
  }

  private static String restartReason(StatsLine before) {
    if (!before.event().equals("stop")) {
      return "its JVM ended without writing its stop line (killed, or it crashed)";
    }
    return before.stopReason() == null ? "its JVM stopped" : before.stopReason();
  }

  private void latest(StatsLine line) {
    sessions.add(line.session());
    StatsLine before = latestByWorker.get(line.worker());
    if (before == null || line.executions() >= before.executions()) {
      latestByWorker.put(line.worker(), line);
    }
  }

  /** The latest line of {@code worker}, if it wrote any. */
  public Optional<StatsLine> latest(int worker) {
    return Optional.ofNullable(latestByWorker.get(worker));
  }

  public Map<Integer, StatsLine> latestByWorker() {
    return Map.copyOf(latestByWorker);
  }

  /** The highest session number in the log, 0 if none. */
  public int lastSession() {
    return sessions.isEmpty() ? 0 : sessions.last();
  }

  public int sessionCount() {
    return sessions.size();
  }

  /** The worker JVMs replaced within their session, in the order of the log. */
  public List<Restart> restarts() {
    return List.copyOf(restarts);
  }

  /** Lines that did not parse (an incomplete last line after a crash, a hand edit). */
  public List<String> unreadable() {
    return List.copyOf(unreadable);
  }
}
