package dev.weft.fuzz.status;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class StatusDisplayTest {
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

  private static StatusSnapshot snapshot(long executions, List<StatusSnapshot.WorkerRow> workers) {
    return new StatusSnapshot(
        125, executions, 412, 1390, 26, 39, 13.0, 2, 1, 3, executions, 12, Double.NaN, workers);
  }

  private String printed() {
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void aTerminalGetsAScreenRedrawnInPlaceWithMessagesAboveIt() {
    StatusDisplay d = new StatusDisplay(out, StatusDisplay.Mode.SCREEN, "acme.Queue | fuzz/q");
    d.update(snapshot(1000, List.of()));
    int height = StatusText.screen("acme.Queue | fuzz/q", snapshot(1000, List.of())).size();
    assertThat(printed())
        .startsWith(" weft fuzz: acme.Queue | fuzz/q\n")
        .contains("run time : 2m 05s")
        .contains("last new key : 12s ago")
        .contains("executions : 1,000 (412/s)")
        .contains("last finding : none this session")
        .contains("planned : 39 waiting")
        .contains("plans reached : 13%")
        .contains("findings : 2 (1 new)")
        .contains("skipped : 3 (0.3%)")
        .doesNotContain("\033[");
    bytes.reset();

    d.message("[weft] FOUND deadlock");
    // the screen is erased (cursor up its height, clear below), the message printed, then the
    // screen again below it
    assertThat(printed())
        .startsWith("\033[" + height + "F\033[J[weft] FOUND deadlock\n weft fuzz: ");
    bytes.reset();

    d.update(snapshot(2000, List.of()));
    assertThat(printed())
        .startsWith("\033[" + height + "F\033[J")
        .contains("2,000 (412/s)")
        .doesNotContain("1,000");
  }

  @Test
  void elsewhereEachUpdateIsOnePlainLineWithAWorkerSummary() {
    StatusDisplay d = new StatusDisplay(out, StatusDisplay.Mode.LINES, "t");
    d.update(
        snapshot(
            5000,
            List.of(
                new StatusSnapshot.WorkerRow(0, true, 3000, 208),
                new StatusSnapshot.WorkerRow(1, false, 2000, 190))));
    d.message("[weft] note");
    assertThat(printed())
        .isEqualTo(
            "[weft]   125s  execs 5,000 (412/s)  coverage 1,390 keys  entries 26  findings 2 (1"
                + " new)  planned interleavings waiting 39  skipped 3  workers 1/2 [w0 208/s, w1 0/s]\n[weft] note\n");
  }

  @Test
  void aPoolScreenHasARowPerWorker() {
    List<String> screen =
        StatusText.screen(
            "t",
            snapshot(
                5000,
                List.of(
                    new StatusSnapshot.WorkerRow(0, true, 3000, 208),
                    new StatusSnapshot.WorkerRow(1, false, 2000, 190))));
    assertThat(screen.get(screen.size() - 2)).contains("w0").contains("208").contains("running");
    assertThat(screen.get(screen.size() - 1)).contains("w1").contains("2,000").contains("stopped");
  }

  @Test
  void modesParseAndABadOneIsNamed() {
    assertThat(StatusDisplay.Mode.parse("screen")).isEqualTo(StatusDisplay.Mode.SCREEN);
    assertThat(StatusDisplay.Mode.parse("lines")).isEqualTo(StatusDisplay.Mode.LINES);
    // tests do not run on a terminal: auto means lines
    assertThat(StatusDisplay.Mode.parse("auto")).isEqualTo(StatusDisplay.Mode.LINES);
    assertThatThrownBy(() -> StatusDisplay.Mode.parse("fancy"))
        .hasMessageContaining("expected auto, screen or lines");
  }
}
