package dev.weft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.corpus.FindingFiles;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The interleaving of a {@code .txt} report reads as {@code weft replay} prints it: the same
 * columns, the preemptions marked where they happen, the failing step marked, at most 120 columns;
 * for the minimised run, for the run as found kept at the end, and when minimisation is off.
 */
class WeftReportInterleavingTest extends CliTestSupport {
  private static final String MINIMISED = "Interleaving (thread columns, in execution order):";
  private static final String AS_FOUND = "Interleaving as found (";

  private String[] run(Path out, String... more) {
    List<String> args =
        new java.util.ArrayList<>(
            List.of(
                "run",
                "--main",
                "dev.weft.examples.pct.FlagX",
                "--args",
                "10",
                "10",
                "--cp",
                examples(),
                "--strategy",
                "pct",
                "--seed",
                "1",
                "--iterations",
                "200",
                "--out",
                out.toString()));
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }

  /** The rows of an interleaving, from its column header to its legend. */
  private static List<String> rows(String text, String title) {
    String from = text.substring(text.indexOf(title));
    from = from.substring(from.indexOf('\n') + 1);
    List<String> lines = from.lines().toList();
    int start = 0;
    while (!lines.get(start).strip().startsWith("step")) {
      start++; // "(N earlier events not shown; ...)" is said in the words of each command
    }
    int end = start;
    while (!lines.get(end).startsWith("(> a preemption") && !lines.get(end).startsWith("(! ")) {
      end++;
    }
    return lines.subList(start, end + 1);
  }

  private List<String> replayed(Path weft) {
    clearOutput();
    assertThat(WeftCli.execute("replay", weft.toString(), "--rows", "400")).isEqualTo(1);
    return rows(stdout(), MINIMISED);
  }

  @Test
  void aMinimisedReportMarksItsPreemptionsAndFailureAsReplayDoes() throws Exception {
    Path out = dir.resolve("found");
    assertThat(WeftCli.execute(run(out))).as(stderr()).isEqualTo(1);
    Path weft = findingFile(out);
    String report = report(weft);
    assertThat(report).contains("\nMinimised from ").doesNotContain("Minimised: minimised");

    List<String> minimised = rows(report, MINIMISED);
    assertThat(minimised).anyMatch(l -> l.contains("(preempts "));
    assertThat(minimised).anyMatch(l -> l.contains("(fails here)"));
    assertThat(minimised.get(minimised.size() - 1))
        .startsWith("(> a preemption")
        .contains("! the failing step");
    assertThat(minimised).isEqualTo(replayed(weft));

    List<String> asFound = rows(report, AS_FOUND);
    assertThat(asFound).anyMatch(l -> l.contains("(preempts ")).anyMatch(l -> l.contains(" ! "));
    assertThat(asFound).isEqualTo(replayed(FindingFiles.originalBeside(weft)));

    assertThat(minimised).allMatch(l -> l.length() <= 120, "at most 120 columns");
    assertThat(asFound).allMatch(l -> l.length() <= 120, "at most 120 columns");
  }

  @Test
  void aReportWrittenWithoutMinimisingMarksItsPreemptionsToo() throws Exception {
    Path out = dir.resolve("unminimised");
    assertThat(WeftCli.execute(run(out, "--no-minimize"))).as(stderr()).isEqualTo(1);
    Path weft = findingFile(out);
    List<String> rows = rows(report(weft), MINIMISED);
    assertThat(rows).anyMatch(l -> l.contains("(preempts "));
    assertThat(rows).isEqualTo(replayed(weft));
  }
}
