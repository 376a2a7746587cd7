package dev.weft.corpus.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.corpus.FindingRecord;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.oracle.FindingKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StatsAndFindingsTest {
  @TempDir Path dir;

  @Test
  void aStatsLineRoundTripsAndAnIncompleteLastLineIsSkipped() throws Exception {
    StatsLine line =
        new StatsLine(
            1_700_000_000_000L,
            "tick",
            2,
            0,
            1500,
            500,
            12.5,
            40.0,
            321,
            17,
            4,
            62.5,
            1,
            3,
            Map.of("planned", 5L, "pct", 2L));
    assertThat(StatsLine.parse(line.toJson())).isEqualTo(line);
    StatsLine noneTried =
        new StatsLine(1, "start", 1, 0, 0, 0, 0, 0, 0, 0, 0, null, 0, 0, Map.of());
    assertThat(StatsLine.parse(noneTried.toJson()).realisedPercent()).isNull();
    assertThatThrownBy(() -> StatsLine.parse(line.toJson().replace("\"schema\":1", "\"schema\":2")))
        .hasMessageContaining("schema 2");

    StatsLog log = new StatsLog(dir.resolve("stats.jsonl"));
    log.append(noneTried);
    log.append(line);
    Files.writeString(
        dir.resolve("stats.jsonl"),
        line.toJson().substring(0, 40),
        java.nio.file.StandardOpenOption.APPEND);
    StatsHistory history = StatsHistory.read(dir.resolve("stats.jsonl"));
    assertThat(history.latest(0)).contains(line);
    assertThat(history.lastSession()).isEqualTo(2);
    assertThat(history.sessionCount()).isEqualTo(2);
    assertThat(history.unreadable()).singleElement().asString().startsWith("line 3:");
  }

  /**
   * A second start line of a session's worker is a JVM that replaced another: its cause is the
   * replaced JVM's stop reason, or that it wrote no stop line; a new session is no restart.
   */
  @Test
  void aWorkerStartedAgainWithinItsSessionIsARestartWithItsCause() {
    StatsHistory history = new StatsHistory();
    history.add(line("start", 1, 0, 0));
    history.add(line("stop", 1, 0, 44).withStopReason("after run 44, a target thread could not"));
    history.add(line("start", 1, 0, 44));
    history.add(line("tick", 1, 0, 90));
    history.add(line("start", 1, 0, 90));
    history.add(line("stop", 1, 0, 120).withStopReason("time budget reached"));
    history.add(line("start", 2, 0, 120));
    history.add(line("start", 2, 1, 0));
    assertThat(history.restarts())
        .containsExactly(
            new StatsHistory.Restart(1, 0, 44, "after run 44, a target thread could not"),
            new StatsHistory.Restart(
                1, 0, 90, "its JVM ended without writing its stop line (killed, or it crashed)"));
    StatsLine stop = line("stop", 1, 0, 1).withStopReason("interrupted");
    assertThat(StatsLine.parse(stop.toJson())).isEqualTo(stop);
    assertThat(StatsLine.parse(line("tick", 1, 0, 1).toJson()).stopReason()).isNull();
  }

  private static StatsLine line(String event, int session, int worker, long executions) {
    return new StatsLine(
        1, event, session, worker, executions, 0, 0, 0, 0, 0, 0, null, 0, 0, Map.of());
  }

  private static FindingRecord finding(String signature, long execution) {
    return new FindingRecord(
        "0.1.0",
        TargetSpec.method("a.B::c"),
        List.of("/abs"),
        List.of(),
        RunBudget.DEFAULT,
        true,
        "segment",
        1,
        execution,
        new int[] {1, 0},
        FindingKind.EXCEPTION,
        "uncaught NPE",
        signature,
        "details");
  }

  @Test
  void aFindingIsWrittenOnceAndItsSightingsSurviveAReload() throws Exception {
    Path findings = dir.resolve("findings");
    FindingStore store = new FindingStore(findings);
    store.load(new Quarantine(dir.resolve("q"), w -> {}));
    Path weft = store.add(finding("sig-a", 7), "report", 1);
    assertThat(weft.getFileName().toString()).matches("exception-[0-9a-f]{8}\\.weft");
    long written = Files.getLastModifiedTime(weft).toMillis();
    assertThat(store.seenAgain(FindingKind.EXCEPTION, "sig-a", 1)).isTrue();
    assertThat(store.seenAgain(FindingKind.EXCEPTION, "sig-b", 1)).isFalse();
    store.flush();

    FindingStore again = new FindingStore(findings);
    again.load(new Quarantine(dir.resolve("q"), w -> {}));
    assertThat(again.isKnown("sig-a")).isTrue();
    again.seenAgain(FindingKind.EXCEPTION, "sig-a", 3);
    again.flush();

    FindingStore third = new FindingStore(findings);
    third.load(new Quarantine(dir.resolve("q"), w -> {}));
    FindingSightings s = third.all().iterator().next();
    assertThat(s.count()).isEqualTo(3);
    assertThat(s.sessions()).containsExactly(1, 3);
    assertThat(s.firstExecution()).isEqualTo(7);
    assertThat(Files.getLastModifiedTime(weft).toMillis()).isEqualTo(written);
    try (Stream<Path> files = Files.list(findings)) {
      assertThat(files.map(p -> p.getFileName().toString().replaceAll("^.*\\.", "")).toList())
          .containsExactlyInAnyOrder("weft", "txt", "json", "lock"); // .lock: see FindingStore
    }
  }

  @Test
  void aCorruptFindingIsQuarantinedAndTheOthersLoad() throws Exception {
    Path findings = dir.resolve("findings");
    FindingStore store = new FindingStore(findings);
    Path a = store.add(finding("sig-a", 1), "report a", 1);
    store.add(finding("sig-b", 2), "report b", 1);
    Files.write(a, new byte[] {1, 2, 3});
    List<String> warnings = new ArrayList<>();
    FindingStore again = new FindingStore(findings);
    again.load(new Quarantine(dir.resolve("quarantine"), warnings::add));
    assertThat(again.count()).isEqualTo(1);
    assertThat(again.isKnown("sig-b")).isTrue();
    assertThat(warnings).singleElement().asString().contains(a.toString());
    assertThat(dir.resolve("quarantine").resolve(a.getFileName())).exists();
  }

  /**
   * Two workers share one findings directory: a finding one of them wrote is known to the other
   * without a reload, written once, and both workers' sightings add up.
   */
  @Test
  void workersSharingTheDirectoryWriteAFindingOnceAndAddTheirCounts() throws Exception {
    Path findings = dir.resolve("findings");
    FindingStore first = new FindingStore(findings);
    FindingStore second = new FindingStore(findings);
    first.load(new Quarantine(dir.resolve("q"), w -> {}));
    second.load(new Quarantine(dir.resolve("q"), w -> {}));

    Path weft = first.add(finding("sig-a", 5), "report", 2);
    assertThat(weft).exists();
    assertThat(second.add(finding("sig-a", 9), "another report", 2)).isNull();
    assertThat(
            Files.readString(
                findings.resolve(weft.getFileName().toString().replace(".weft", ".txt"))))
        .isEqualTo("report");
    assertThat(second.seenAgain(FindingKind.EXCEPTION, "sig-a", 3)).isTrue();
    first.seenAgain(FindingKind.EXCEPTION, "sig-a", 2);
    second.flush();
    first.flush();

    FindingStore after = new FindingStore(findings);
    after.load(new Quarantine(dir.resolve("q"), w -> {}));
    FindingSightings s = after.all().iterator().next();
    assertThat(s.count()).isEqualTo(4); // first found it, second twice, first once more
    assertThat(s.sessions()).containsExactly(2, 3);
    assertThat(s.firstExecution()).isEqualTo(5);
  }

  /**
   * In a cluster the writer's count takes in the other members' sightings: kept apart, added to
   * what the workers sharing the directory count, and kept across a reload.
   */
  @Test
  void sightingsOnOtherMembersAddToTheWritersCount() throws Exception {
    Path findings = dir.resolve("findings");
    FindingStore first = new FindingStore(findings);
    FindingStore second = new FindingStore(findings);
    first.load(new Quarantine(dir.resolve("q"), w -> {}));
    second.load(new Quarantine(dir.resolve("q"), w -> {}));
    Path weft = first.add(finding("sig-a", 5), "report", 1);
    String id = weft.getFileName().toString().replace(".weft", "");
    assertThat(first.ids()).containsExactly(id);
    assertThat(first.seenElsewhere(id, 4)).isTrue();
    assertThat(first.seenElsewhere("exception-00000000", 1)).isFalse();
    second.seenAgain(FindingKind.EXCEPTION, "sig-a", 1);
    assertThat(second.seenElsewhere(id, 2)).isTrue();
    first.flush();
    second.flush();

    FindingStore after = new FindingStore(findings);
    after.load(new Quarantine(dir.resolve("q"), w -> {}));
    FindingSightings s = after.all().iterator().next();
    assertThat(s.count()).isEqualTo(1 + 4 + 1 + 2);
    assertThat(s.elsewhere()).isEqualTo(4 + 2);
    assertThat(s.sessions()).containsExactly(1);
  }
}
