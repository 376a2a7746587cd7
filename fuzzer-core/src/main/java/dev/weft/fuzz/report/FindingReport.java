package dev.weft.fuzz.report;

import dev.weft.corpus.FindingRecord;
import dev.weft.fuzz.minimise.Switch;
import dev.weft.fuzz.output.CapturedOutput;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.oracle.Failure;
import dev.weft.trace.SiteTable;
import java.nio.file.Path;
import java.util.List;

/**
 * The readable report ({@code .txt}) written next to a finding file, for a reader who has not run
 * anything yet: what failed and how the JVM was set up, what to change if the JDK refused a
 * reflective access, what the target printed in that execution, and the interleaving.
 */
public final class FindingReport {
  private static final int ROWS = 400;

  /** The line above a report's (minimised) interleaving. */
  public static final String INTERLEAVING_TITLE =
      "Interleaving (thread columns, in execution order):";

  private FindingReport() {}

  public static String text(
      FindingRecord record,
      Path file,
      Failure f,
      RunResult result,
      SiteTable sites,
      CapturedOutput output) {
    return text(record, file, f, result, null, sites, output, null, null);
  }

  /**
   * The report with a note said just before the interleaving (how far it was minimised) and an
   * appendix after it (the interleaving as found); either may be null.
   *
   * @param switches the run's context switches as recorded while it ran, which mark its
   *     preemptions; null if unknown
   */
  public static String text(
      FindingRecord record,
      Path file,
      Failure f,
      RunResult result,
      List<Switch> switches,
      SiteTable sites,
      CapturedOutput output,
      String interleavingNote,
      String appendix) {
    StringBuilder sb = new StringBuilder();
    sb.append("Weft finding (")
        .append(f.kind().label())
        .append(") at execution ")
        .append(record.execution())
        .append(" of ")
        .append(record.target().describe())
        .append('\n');
    if (!record.jvmOptions().isEmpty()) {
      sb.append("JVM options: ").append(String.join(" ", record.jvmOptions())).append('\n');
    }
    sb.append('\n').append(f.message()).append("\n\n");
    if (f.details() != null && !f.message().contains(f.details().strip())) {
      sb.append(f.details()).append('\n');
    }
    String hint = AddOpensHint.of(f);
    if (hint != null) {
      sb.append(hint).append("\n\n");
    }
    otherFailures(sb, f, result);
    if (!output.isEmpty()) {
      sb.append(String.format("The target's output in this execution (%,d bytes):", output.bytes()))
          .append('\n')
          .append(output.text());
      if (sb.charAt(sb.length() - 1) != '\n') {
        sb.append('\n');
      }
      sb.append('\n');
    }
    if (interleavingNote != null) {
      sb.append(interleavingNote).append("\n\n");
    }
    sb.append(INTERLEAVING_TITLE)
        .append('\n')
        .append(
            InterleavingPrinter.render(result, sites, ROWS, ReplayHints.everyStep(file), switches));
    if (appendix != null) {
      sb.append('\n').append(appendix);
    }
    return sb.toString();
  }

  /** The interleaving of another run of the same finding, e.g. the one found before minimising. */
  public static String interleaving(
      String title, RunResult run, List<Switch> switches, SiteTable sites, Path file) {
    return title
        + "\n"
        + InterleavingPrinter.render(run, sites, ROWS, ReplayHints.everyStep(file), switches);
  }

  /**
   * The interleaving of a report written by {@link #text}, as printed there (rows, marks, legend),
   * without its title; null if the text holds none.
   */
  public static String interleavingOf(String report) {
    int title = report.indexOf(INTERLEAVING_TITLE + "\n");
    if (title < 0) {
      return null;
    }
    int from = title + INTERLEAVING_TITLE.length() + 1;
    int end = report.indexOf("\n\n", from);
    return report.substring(from, end < 0 ? report.length() : end + 1);
  }

  /** The run's other failures: an exception often explains the deadlock that follows it. */
  private static void otherFailures(StringBuilder sb, Failure f, RunResult result) {
    boolean any = false;
    for (Failure other : result.failures()) {
      if (!other.signature().equals(f.signature())) {
        String m = other.message();
        int nl = m.indexOf('\n');
        sb.append("The same run also failed with: ").append(nl < 0 ? m : m.substring(0, nl));
        sb.append('\n');
        any = true;
      }
    }
    if (any) {
      sb.append('\n');
    }
  }
}
