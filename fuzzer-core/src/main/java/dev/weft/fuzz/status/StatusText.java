package dev.weft.fuzz.status;

import java.util.ArrayList;
import java.util.List;

/** The status as text: one line for logs and pipes, a block of lines for a terminal screen. */
public final class StatusText {
  private StatusText() {}

  /** The plain status line, printed every few seconds when the console is not a terminal. */
  public static String line(StatusSnapshot s) {
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            "%5.0fs  execs %,d (%,.0f/s)  coverage %,d keys  entries %,d  findings %d (%d new)",
            s.seconds(),
            s.executions(),
            s.execsPerSecond(),
            s.coverageKeys(),
            s.corpusEntries(),
            s.findings(),
            s.newFindings()));
    if (s.pendingPlans() >= 0) {
      out.append(String.format("  planned interleavings waiting %,d", s.pendingPlans()));
    }
    if (s.skipped() > 0) {
      out.append("  skipped ").append(s.skipped());
    }
    if (!s.workers().isEmpty()) {
      long alive = s.workers().stream().filter(StatusSnapshot.WorkerRow::alive).count();
      out.append(String.format("  workers %d/%d [", alive, s.workers().size()));
      for (int i = 0; i < s.workers().size(); i++) {
        StatusSnapshot.WorkerRow w = s.workers().get(i);
        out.append(i == 0 ? "" : ", ")
            .append('w')
            .append(w.worker())
            .append(String.format(" %,.0f/s", w.alive() ? w.execsPerSecond() : 0.0));
      }
      out.append(']');
    }
    return out.toString();
  }

  /** The screen a terminal shows, redrawn in place: what a long campaign's watcher looks for. */
  public static List<String> screen(String title, StatusSnapshot s) {
    List<String> lines = new ArrayList<>();
    lines.add(" weft fuzz: " + title);
    lines.add(
        pair(
            "run time",
            duration(s.seconds()),
            "last new key",
            Double.isNaN(s.secondsSinceNewKey())
                ? "none yet"
                : duration(s.secondsSinceNewKey()) + " ago"));
    lines.add(
        pair(
            "executions",
            String.format("%,d (%,.0f/s)", s.executions(), s.execsPerSecond()),
            "last finding",
            Double.isNaN(s.secondsSinceFinding())
                ? "none this session"
                : duration(s.secondsSinceFinding()) + " ago"));
    lines.add(
        pair(
            "coverage",
            String.format("%,d keys", s.coverageKeys()),
            "corpus",
            String.format("%,d entries", s.corpusEntries())));
    lines.add(
        pair(
            "planned",
            s.pendingPlans() < 0 ? "-" : String.format("%,d waiting", s.pendingPlans()),
            "plans reached",
            s.realisedPercent() == null ? "-" : String.format("%.0f%%", s.realisedPercent())));
    double skipRate = s.executions() == 0 ? 0 : 100.0 * s.skipped() / s.executions();
    lines.add(
        pair(
            "findings",
            s.findings() + " (" + s.newFindings() + " new)",
            "skipped",
            String.format("%,d (%.1f%%)", s.skipped(), skipRate)));
    if (!s.workers().isEmpty()) {
      lines.add(String.format(" %-8s %10s %14s  %s", "worker", "execs/s", "executions", "state"));
      for (StatusSnapshot.WorkerRow w : s.workers()) {
        lines.add(
            String.format(
                " %-8s %,10.0f %,14d  %s",
                "w" + w.worker(),
                w.alive() ? w.execsPerSecond() : 0.0,
                w.executions(),
                w.alive() ? "running" : "stopped"));
      }
    }
    return lines;
  }

  private static String pair(String k1, String v1, String k2, String v2) {
    return String.format(" %12s : %-24s %13s : %s", k1, v1, k2, v2);
  }

  /** {@code 2h 03m 05s}, {@code 3m 05s}, {@code 12s}. */
  static String duration(double seconds) {
    long s = Math.max(0, Math.round(seconds));
    if (s >= 3600) {
      return String.format("%dh %02dm %02ds", s / 3600, s % 3600 / 60, s % 60);
    }
    if (s >= 60) {
      return String.format("%dm %02ds", s / 60, s % 60);
    }
    return s + "s";
  }
}
