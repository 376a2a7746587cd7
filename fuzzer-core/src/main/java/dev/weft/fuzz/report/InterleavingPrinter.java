package dev.weft.fuzz.report;

import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.trace.EventKind;
import dev.weft.runtime.trace.Site;
import dev.weft.runtime.trace.SiteTable;
import dev.weft.runtime.trace.Trace;
import java.util.List;

/**
 * Renders a run as thread columns: one row per event, in execution order, written in the column of
 * the thread that executed it, with the operation and its {@code File.java:line}. Reading down a
 * column gives a thread's program order; reading across rows shows where the preemptions were.
 */
public final class InterleavingPrinter {
  private static final int COLUMN = 38;

  private InterleavingPrinter() {}

  /**
   * The last {@code maxRows} events of the run (all of them if {@code maxRows <= 0}).
   *
   * @param showAll how to see the rows left out, in the words of the command whose output this is
   */
  public static String render(RunResult run, SiteTable sites, int maxRows, String showAll) {
    Trace trace = run.trace();
    List<String> names = run.threadNames();
    StringBuilder sb = new StringBuilder();
    int from = maxRows > 0 ? Math.max(0, trace.size() - maxRows) : 0;
    if (from > 0) {
      sb.append("(").append(from).append(" earlier events not shown; ").append(showAll);
      sb.append(")\n");
    }
    sb.append(String.format("%6s ", "step"));
    for (int t = 0; t < names.size(); t++) {
      sb.append(cell(header(names.get(t), run.programNames(), t)));
    }
    sb.append('\n');
    sb.append("-".repeat(7 + COLUMN * names.size())).append('\n');
    for (int e = from; e < trace.size(); e++) {
      sb.append(String.format("%6d ", e + 1));
      int t = trace.thread(e);
      for (int c = 0; c < t; c++) {
        sb.append(cell(""));
      }
      sb.append(describe(trace.kind(e), sites.get(trace.site(e))));
      sb.append('\n');
    }
    return sb.toString();
  }

  /** A thread's stable name, and the name the program gave it where that says more. */
  private static String header(String stable, List<String> programNames, int t) {
    String given = t < programNames.size() ? programNames.get(t) : null;
    return given == null || given.equals(stable) ? stable : stable + " \"" + given + "\"";
  }

  private static String describe(EventKind kind, Site site) {
    switch (kind) {
      case THREAD_BEGIN:
        return "(begins)";
      case THREAD_END:
        return "(ends)";
      case WAKE:
        return "wait returns  " + site.fileAndLine();
      case MONITOR_ENTER:
      case MONITOR_EXIT:
        String verb = kind == EventKind.MONITOR_ENTER ? "enter " : "exit ";
        String op = site.operation();
        return (op.startsWith("synchronized") ? verb + op : op) + "  " + site.fileAndLine();
      default:
        return site.operation() + "  " + site.fileAndLine();
    }
  }

  private static String cell(String text) {
    String t = text.length() >= COLUMN - 1 ? text.substring(0, COLUMN - 2) + "…" : text;
    return t + " ".repeat(COLUMN - t.length());
  }
}
