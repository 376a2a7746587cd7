package dev.weft.fuzz.report;

import dev.weft.fuzz.minimise.Switch;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.oracle.Failure;
import dev.weft.trace.EventKind;
import dev.weft.trace.Site;
import dev.weft.trace.SiteTable;
import dev.weft.trace.Trace;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Renders a run as thread columns: one row per event, in execution order, written in the column of
 * the thread that executed it, with the operation and its {@code File.java:line}. Reading down a
 * column gives a thread's program order; reading across rows shows where the threads took turns.
 *
 * <p>It is read by someone who wrote the program, not Weft: the columns carry the names the program
 * gave its threads (with Weft's short id only where two share a name), a row where a thread took
 * over from one that could have gone on (a preemption) is marked, and so is the failing step. A
 * line is at most the line width, and a long stretch of one thread is folded into one line, since
 * what matters is where the threads meet. Each thread's column is as wide as its steps need, up to
 * the line's width ({@code --width} where a command has it, {@code -Dweft.width}, {@code $COLUMNS},
 * or {@value #WIDTH}); a step too long for its column keeps its {@code File.java:line} and loses
 * the end of its operation's name instead.
 */
public final class InterleavingPrinter {
  /** The widest line printed unless told otherwise ({@link #width()}). */
  public static final int WIDTH = 120;

  /** The narrowest width a user may ask for: below it, no two columns fit. */
  static final int NARROWEST_WIDTH = 60;

  /**
   * The line width: {@code -Dweft.width}, else {@code $COLUMNS} (a terminal's), else {@value
   * #WIDTH}.
   */
  public static int width() {
    Integer given = Integer.getInteger("weft.width");
    if (given != null && given >= NARROWEST_WIDTH) {
      return given;
    }
    try {
      int columns = Integer.parseInt(System.getenv().getOrDefault("COLUMNS", "").trim());
      if (columns >= NARROWEST_WIDTH) {
        return columns;
      }
    } catch (NumberFormatException e) {
      // not a terminal's width
    }
    return WIDTH;
  }

  /** A stretch of one thread's events longer than this is folded (its ends stay shown). */
  static final int FOLD_OVER = 6;

  private static final Pattern JVM_DEFAULT_NAME = Pattern.compile("Thread-\\d+");
  private static final int NARROWEST_COLUMN = 12;
  private static final String PREEMPTION = ">";
  private static final String FAILURE = "!";
  private static final int STEP = 6;
  private static final int PREFIX = STEP + 3; // step, space, mark, space

  private InterleavingPrinter() {}

  /**
   * The last {@code maxRows} events of the run (all of them if {@code maxRows <= 0}), without
   * preemption marks.
   *
   * @param showAll how to see the rows left out, in the words of the command whose output this is
   */
  public static String render(RunResult run, SiteTable sites, int maxRows, String showAll) {
    return render(run, sites, maxRows, showAll, null);
  }

  /**
   * As {@link #render(RunResult, SiteTable, int, String)}, with the run's preemptions marked.
   *
   * @param switches the run's context switches as recorded while it ran, or null if unknown
   */
  public static String render(
      RunResult run, SiteTable sites, int maxRows, String showAll, List<Switch> switches) {
    return render(run, sites, maxRows, showAll, switches, width());
  }

  /** As {@link #render(RunResult, SiteTable, int, String, List)}, in lines of {@code width}. */
  public static String render(
      RunResult run,
      SiteTable sites,
      int maxRows,
      String showAll,
      List<Switch> switches,
      int width) {
    int lineWidth = Math.max(NARROWEST_WIDTH, width);
    Trace trace = run.trace();
    List<String> stable = run.threadNames();
    int threads = stable.size();
    List<String> headers = headers(stable, run.programNames());
    int from = maxRows > 0 ? Math.max(0, trace.size() - maxRows) : 0;
    List<Failure.BlockedStep> blocked = blockedSteps(run, stable);
    int[] columns = columnWidths(trace, sites, headers, from, lineWidth - PREFIX, blocked, stable);
    boolean inColumns = columns != null;
    int[] offsets = new int[threads];
    for (int t = 1; inColumns && t < threads; t++) {
      offsets[t] = offsets[t - 1] + columns[t - 1];
    }
    Map<Integer, String> preempted = preemptionRows(trace, stable, headers, switches);
    // a deadlock's failing step is the one its failing thread waits to take, after the trace
    String blockedFailing = null;
    for (Failure.BlockedStep b : blocked) {
      if (run.failure().namesThread(b.thread())) {
        blockedFailing = b.thread();
      }
    }
    int failing = blockedFailing != null ? -1 : failingRow(run, trace, stable);
    StringBuilder sb = new StringBuilder();
    if (from > 0) {
      sb.append("(").append(from).append(" earlier events not shown; ").append(showAll);
      sb.append(")\n");
    }
    StringBuilder head = new StringBuilder(String.format("%" + STEP + "s   ", "step"));
    if (inColumns) {
      for (int t = 0; t < threads; t++) {
        head.append(
            cell(headers.get(t), t == threads - 1 ? lineWidth - head.length() : columns[t]));
      }
    } else {
      head.append("thread: operation");
    }
    sb.append(strip(head.toString())).append('\n');
    sb.append(
        "-"
            .repeat(
                inColumns
                    ? Math.min(lineWidth, PREFIX + offsets[threads - 1] + columns[threads - 1])
                    : lineWidth));
    sb.append('\n');
    for (int e = from; e < trace.size(); e++) {
      int t = trace.thread(e);
      int end = e;
      while (end + 1 < trace.size()
          && trace.thread(end + 1) == t
          && !preempted.containsKey(end + 1)
          && end + 1 != failing) {
        end++;
      }
      int stretch = end - e + 1;
      String who = inColumns ? "" : headers.get(t) + ": ";
      if (stretch > FOLD_OVER && !preempted.containsKey(e) && e != failing) {
        String first = who + describe(trace, e, sites);
        String last = who + describe(trace, end, sites);
        int at = inColumns ? offsets[t] : 0;
        row(sb, e, "", at, first, "", lineWidth, false);
        row(sb, e + 1, "", at, who + folded(trace, sites, e + 1, end - 1), "", lineWidth, true);
        row(sb, end, "", at, last, "", lineWidth, false);
        e = end;
        continue;
      }
      String mark = e == failing ? FAILURE : preempted.containsKey(e) ? PREEMPTION : "";
      String text = describe(trace, e, sites);
      String note = "";
      if (preempted.containsKey(e)) {
        note += "  (preempts " + preempted.get(e) + ")";
      }
      if (e == failing) {
        note += "  (fails here)";
      }
      row(sb, e, mark, inColumns ? offsets[t] : 0, who + text, note, lineWidth, false);
    }
    for (Failure.BlockedStep b : blocked) {
      int t = stable.indexOf(b.thread());
      boolean fails = b.thread().equals(blockedFailing);
      String who = inColumns ? "" : headers.get(t) + ": ";
      String text = who + describe(b.kind(), sites.get(b.site()));
      String note = fails ? "  (blocks)  (fails here)" : "  (blocks)";
      row(sb, -1, fails ? FAILURE : "", inColumns ? offsets[t] : 0, text, note, lineWidth, true);
    }
    sb.append(legend(switches != null, failing >= 0 || blockedFailing != null));
    return sb.toString();
  }

  /**
   * A deadlock's threads with the steps they wait to take, those of threads this run has a column
   * for; empty for other failures.
   */
  private static List<Failure.BlockedStep> blockedSteps(RunResult run, List<String> stable) {
    Failure f = run.failure();
    List<Failure.BlockedStep> shown = new ArrayList<>();
    if (f != null && f.blocked() != null) {
      for (Failure.BlockedStep b : f.blocked()) {
        if (stable.contains(b.thread())) {
          shown.add(b);
        }
      }
    }
    return shown;
  }

  /**
   * The program's name of each thread; where two threads share one, Weft's short id is added to
   * tell them apart. A thread the program did not name is called by Weft's name ({@code main},
   * {@code main.1}).
   */
  static List<String> headers(List<String> stable, List<String> programNames) {
    List<String> given = new ArrayList<>();
    Map<String, Integer> uses = new HashMap<>();
    for (int t = 0; t < stable.size(); t++) {
      String name = t < programNames.size() ? programNames.get(t) : null;
      if (name == null
          || name.isBlank()
          || name.equals("weft-" + stable.get(t)) // the carrier's: the program named it not
          || JVM_DEFAULT_NAME.matcher(name).matches()) { // counted JVM-wide, so not stable
        name = stable.get(t);
      }
      given.add(name);
      uses.merge(name, 1, Integer::sum);
    }
    List<String> headers = new ArrayList<>();
    for (int t = 0; t < stable.size(); t++) {
      String name = given.get(t);
      headers.add(
          uses.get(name) > 1 && !name.equals(stable.get(t))
              ? name + " (" + stable.get(t) + ")"
              : name);
    }
    return headers;
  }

  /** The rows where a preemption happens (the first event of the thread that took over). */
  private static Map<Integer, String> preemptionRows(
      Trace trace, List<String> stable, List<String> headers, List<Switch> switches) {
    Map<Integer, String> rows = new HashMap<>();
    if (switches == null) {
      return rows;
    }
    Set<String> anchors = new HashSet<>();
    for (Switch s : switches) {
      if (s.preemptive()) {
        anchors.add(s.from() + "#" + s.fromIndex());
      }
    }
    for (int e = 0; e < trace.size(); e++) {
      String thread = stable.get(trace.thread(e));
      int next = trace.indexInThread(e) + 1;
      if (anchors.contains(thread + "#" + next) && e + 1 < trace.size()) {
        rows.put(e + 1, headers.get(trace.thread(e)));
      }
    }
    for (Switch s : switches) {
      if (s.preemptive() && s.fromIndex() == 0 && trace.size() > 0) {
        rows.put(0, headers.get(stable.indexOf(s.from())));
      }
    }
    return rows;
  }

  /**
   * The failing step: the last event of the thread that failed, or the last event of the run when
   * no one thread did (a deadlock, a hang); -1 if the run did not fail.
   */
  private static int failingRow(RunResult run, Trace trace, List<String> stable) {
    Failure f = run.failure();
    if (f == null || trace.size() == 0) {
      return -1;
    }
    int thread = -1;
    for (int t = 0; f.threadName() != null && t < stable.size(); t++) {
      if (f.namesThread(stable.get(t))) {
        thread = t;
      }
    }
    for (int e = trace.size() - 1; e >= 0; e--) {
      if (thread < 0 || trace.thread(e) == thread) {
        if (thread >= 0 && trace.kind(e) == EventKind.THREAD_END && e > 0) {
          continue; // the step before its end is where it failed
        }
        return e;
      }
    }
    return -1;
  }

  /** {@code ... 37 steps, lines 11-23}: the folded events of one thread. */
  private static String folded(Trace trace, SiteTable sites, int first, int last) {
    int low = Integer.MAX_VALUE;
    int high = 0;
    Set<String> files = new HashSet<>();
    for (int e = first; e <= last; e++) {
      Site site = sites.get(trace.site(e));
      if (site.line() > 0) {
        low = Math.min(low, site.line());
        high = Math.max(high, site.line());
      }
      files.add(site.sourceFile() == null ? site.simpleClassName() : site.sourceFile());
    }
    String lines =
        high == 0
            ? ""
            : low == high
                ? ", line " + low
                : ", lines "
                    + low
                    + "-"
                    + high
                    + (files.size() > 1 ? " (" + files.size() + " files)" : "");
    return "... " + (last - first + 1) + " steps" + lines;
  }

  private static void row(
      StringBuilder sb,
      int e,
      String mark,
      int offset,
      String text,
      String note,
      int width,
      boolean fold) {
    StringBuilder line = new StringBuilder();
    line.append(fold ? " ".repeat(STEP) : String.format("%" + STEP + "d", e + 1));
    line.append(' ').append(mark.isEmpty() ? " " : mark).append(' ');
    line.append(" ".repeat(offset));
    int room = Math.max(8, width - line.length() - note.length());
    line.append(clipKeepingPlace(text, room)).append(note); // a mark's words are never cut
    sb.append(strip(clip(line.toString(), width))).append('\n');
  }

  /**
   * Each thread's column width, as wide as its steps (and its header) need, the widest ones cut
   * until all fit in {@code room}; null when even the narrowest columns do not (one thread per line
   * then).
   */
  private static int[] columnWidths(
      Trace trace,
      SiteTable sites,
      List<String> headers,
      int from,
      int room,
      List<Failure.BlockedStep> blocked,
      List<String> stable) {
    int threads = headers.size();
    int[] need = new int[threads];
    for (int t = 0; t < threads; t++) {
      need[t] = Math.max(NARROWEST_COLUMN, headers.get(t).length() + 2);
    }
    for (int e = from; e < trace.size(); e++) {
      int t = trace.thread(e);
      need[t] = Math.max(need[t], describe(trace, e, sites).length() + 2);
    }
    for (Failure.BlockedStep b : blocked) {
      int t = stable.indexOf(b.thread());
      need[t] = Math.max(need[t], describe(b.kind(), sites.get(b.site())).length() + 2);
    }
    if (threads * NARROWEST_COLUMN > room) {
      return null;
    }
    // the largest cap under which every column fits: columns narrower than it keep their need
    int low = NARROWEST_COLUMN;
    int high = room;
    while (low < high) {
      int cap = (low + high + 1) / 2;
      int sum = 0;
      for (int n : need) {
        sum += Math.min(n, cap);
      }
      if (sum <= room) {
        low = cap;
      } else {
        high = cap - 1;
      }
    }
    int[] widths = new int[threads];
    for (int t = 0; t < threads; t++) {
      widths[t] = Math.min(need[t], low);
    }
    return widths;
  }

  /**
   * {@code text} cut to {@code width}; a step's {@code File.java:line} (after its two spaces) is
   * kept whole, and its operation's name is cut instead.
   */
  static String clipKeepingPlace(String text, int width) {
    if (text.length() <= width) {
      return text;
    }
    int place = text.lastIndexOf("  ");
    if (place > 0) {
      String where = text.substring(place);
      int keep = width - where.length() - 1;
      if (keep >= 4) {
        return text.substring(0, keep) + "…" + where;
      }
    }
    return clip(text, width);
  }

  private static String legend(boolean preemptionsKnown, boolean failed) {
    List<String> parts = new ArrayList<>();
    if (preemptionsKnown) {
      parts.add(
          PREEMPTION + " a preemption: this thread took over from one that could have gone on");
    }
    if (failed) {
      parts.add(FAILURE + " the failing step");
    }
    return parts.isEmpty() ? "" : "(" + String.join("; ", parts) + ")\n";
  }

  private static String describe(Trace trace, int event, SiteTable sites) {
    Site site = sites.get(trace.site(event));
    if (trace.kind(event) == EventKind.WAKE && trace.isSpuriousWake(event)) {
      return "wait returns spuriously  " + site.fileAndLine();
    }
    return describe(trace.kind(event), site);
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

  private static String cell(String text, int width) {
    String t = clip(text, width - 1);
    return t + " ".repeat(Math.max(0, width - t.length()));
  }

  private static String clip(String text, int width) {
    return text.length() > width ? text.substring(0, width - 1) + "…" : text;
  }

  private static String strip(String line) {
    int end = line.length();
    while (end > 0 && line.charAt(end - 1) == ' ') {
      end--;
    }
    return line.substring(0, end);
  }
}
