package dev.weft.fuzz.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.fuzz.minimise.Switch;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.oracle.Failure;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.trace.EventKind;
import dev.weft.trace.SiteTable;
import dev.weft.trace.Trace;
import java.util.List;
import org.junit.jupiter.api.Test;

class InterleavingPrinterTest {
  private final SiteTable sites = new SiteTable();
  private final Trace trace = new Trace();

  private int site(int line, String operation) {
    return sites.register(
        "com.acme.Account", "withdraw", "()V", line, "Account.java", line, operation);
  }

  private void event(int thread, int line) {
    trace.append(thread, EventKind.READ, site(line, "read Account.balance"), 7L);
  }

  /**
   * Four threads (so 229 columns at the old width of 38), the program's names for them (two share
   * one), main carrying Weft's carrier name, a long stretch of one thread, a preemption and an
   * exception in bob.
   */
  private RunResult run() {
    for (int line = 11; line <= 50; line++) {
      event(0, line); // main alone for 40 steps
    }
    event(1, 60);
    event(1, 61); // alice preempted here: bob takes over
    event(2, 70);
    event(3, 80);
    event(2, 71); // bob fails here
    trace.append(2, EventKind.THREAD_END, SiteTable.SYNTHETIC, 0L);
    Failure failure =
        new Failure(FindingKind.EXCEPTION, "main.2", "IllegalStateException", null, "sig");
    return new RunResult(
        RunResult.Outcome.FAILED,
        List.of(failure),
        List.of(),
        trace,
        new int[0],
        List.of("main", "main.1", "main.2", "main.3"),
        trace.size(),
        0,
        null,
        List.of("weft-main", "alice", "bob", "bob"));
  }

  private String render() {
    RunResult run = run();
    List<Switch> switches = List.of(new Switch("main.1", 2, "main.2", true));
    return InterleavingPrinter.render(run, sites, 0, "replay it", switches);
  }

  @Test
  void columnsAreHeadedByTheProgramsNamesWithAShortIdOnlyWhereNamesRepeat() {
    String header = render().lines().findFirst().orElseThrow();
    assertThat(header)
        .containsSubsequence("main", "alice", "bob (main.2)", "bob (main.3)")
        .doesNotContain("weft-main")
        .doesNotContain("main.1");
  }

  @Test
  void everyLineFitsIn120Columns() {
    assertThat(render().lines()).allMatch(l -> l.length() <= 120, "at most 120 columns");
  }

  @Test
  void aLongRunOfOneThreadIsFoldedIntoOneLine() {
    String text = render();
    assertThat(text).contains("... 38 steps, lines 12-49");
    assertThat(text).contains("Account.java:11").contains("Account.java:50");
    assertThat(text).doesNotContain("Account.java:30");
  }

  @Test
  void thePreemptionAndTheFailingStepAreMarkedOnTheirLines() {
    List<String> lines = render().lines().toList();
    String preempting = lines.stream().filter(l -> l.contains(":70")).findFirst().orElseThrow();
    assertThat(preempting).startsWith("    43 >").contains("(preempts alice)");
    String failing = lines.stream().filter(l -> l.contains(":71")).findFirst().orElseThrow();
    assertThat(failing).startsWith("    45 !").contains("(fails here)");
    assertThat(lines.stream().filter(l -> l.contains(":61")).findFirst().orElseThrow())
        .startsWith("    42  ");
    assertThat(lines.get(lines.size() - 1)).contains("> a preemption").contains("! the failing");
  }

  /**
   * Three threads with long operation names (the issue's {@code write Inventory.stock
   * Inventory.jav…}): every step keeps its line number, in the default width and a narrow one.
   */
  @Test
  void aThreeThreadReportKeepsEveryLineNumber() {
    String op = "write com.acme.warehouse.Inventory.stockOnHandByWarehouse";
    for (int t = 0; t < 3; t++) {
      for (int line = 0; line < 3; line++) {
        int site =
            sites.register(
                "com.acme.Inventory",
                "move",
                "()V",
                t * 10 + line,
                "Inventory.java",
                100 + t * 10 + line,
                op);
        trace.append(t, EventKind.WRITE, site, 7L);
      }
    }
    RunResult run =
        new RunResult(
            RunResult.Outcome.PASSED,
            List.of(),
            List.of(),
            trace,
            new int[0],
            List.of("main", "main.1", "main.2"),
            trace.size(),
            0,
            null,
            List.of("weft-main", "picker", "packer"));
    for (int width : new int[] {120, 80}) {
      String text = InterleavingPrinter.render(run, sites, 0, "replay it", null, width);
      for (int t = 0; t < 3; t++) {
        for (int line = 0; line < 3; line++) {
          assertThat(text)
              .as("width %d", width)
              .contains("Inventory.java:" + (100 + t * 10 + line));
        }
      }
      assertThat(text.lines()).allMatch(l -> l.length() <= width, "at most " + width);
    }
    // a wide terminal shows the whole operation
    assertThat(InterleavingPrinter.render(run, sites, 0, "replay it", null, 250))
        .contains(op + "  Inventory.java:120");
  }

  @Test
  void aCutStepKeepsItsPlace() {
    assertThat(InterleavingPrinter.clipKeepingPlace("write Inventory.stock  Inventory.java:42", 30))
        .isEqualTo("write Inve…  Inventory.java:42")
        .hasSize(30);
    assertThat(InterleavingPrinter.clipKeepingPlace("short  A.java:1", 30))
        .isEqualTo("short  A.java:1");
  }
}
