package dev.weft.corpus.campaign;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What {@code stats.jsonl} says about the campaign so far: the latest line of each worker (its
 * totals over all sessions, since counters are cumulative) and the sessions that ran. This is where
 * a resumed session takes its counters from, and what {@code weft status} adds up.
 */
public final class StatsHistory {
  private final Map<Integer, StatsLine> latestByWorker = new TreeMap<>();
  private final TreeSet<Integer> sessions = new TreeSet<>();
  private final List<String> unreadable = new ArrayList<>();

  private StatsHistory() {}

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

  private void add(StatsLine line) {
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

  /** Lines that did not parse (an incomplete last line after a crash, a hand edit). */
  public List<String> unreadable() {
    return List.copyOf(unreadable);
  }
}
