package dev.weft.maven;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.corpus.FindingFiles;
import dev.weft.corpus.FindingRecord;
import dev.weft.corpus.SavedFindings;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.oracle.FindingKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FindingsReportTest {
  @TempDir Path project;

  private static FindingRecord finding(FindingKind kind, String message) {
    return new FindingRecord(
        "0.1.0",
        TargetSpec.test("com.acme.AccountTest#deposits"),
        List.of("/p/target/test-classes"),
        List.of(),
        RunBudget.DEFAULT,
        true,
        "segment",
        1L,
        3L,
        new int[] {0, 1},
        kind,
        message,
        kind.label() + ":x",
        "");
  }

  @Test
  void namesEachFindingWithItsMessageReportAndSavedFile() throws Exception {
    Path findings =
        Files.createDirectories(
            project.resolve("target/weft/com.acme.AccountTest#deposits/findings"));
    FindingFiles.write(
        finding(FindingKind.ASSERTION, "expected: <130> but was: <110>\nat line 2"),
        findings.resolve("assertion-0000000a.weft"));
    FindingFiles.write(
        finding(FindingKind.DEADLOCK, "deadlock: no live thread can proceed"),
        findings.resolve("deadlock-0000000b.weft"));
    Files.writeString(findings.resolve("assertion-0000000a.orig.weft"), "as found");
    SavedFindings saved =
        new SavedFindings(
            project.resolve("src/test/resources/weft"), "com.acme.AccountTest", "deposits");
    List<Path> savedNow = saved.saveNew(findings);
    Files.delete(saved.dir().resolve("deadlock-0000000b.weft"));

    String report =
        FindingsReport.of(
            "com.acme.AccountTest#deposits", findings, saved, savedNow.subList(0, 1), project);

    assertThat(report)
        .startsWith(
            "Weft's campaign on com.acme.AccountTest#deposits has 2 findings"
                + " (target/weft/com.acme.AccountTest#deposits):\n")
        .contains(
            "  assertion-0000000a: expected: <130> but was: <110>\n"
                + "    report: target/weft/com.acme.AccountTest#deposits/findings/"
                + "assertion-0000000a.txt\n"
                + "    saved as src/test/resources/weft/com.acme.AccountTest/deposits/"
                + "assertion-0000000a.weft (new): @WeftTest replays it\n")
        .contains(
            "  deadlock-0000000b: deadlock: no live thread can proceed\n"
                + "    report: target/weft/com.acme.AccountTest#deposits/findings/"
                + "deadlock-0000000b.txt\nReplay one: ")
        .doesNotContain("orig")
        .contains("-Dweft.failOnFinding=false");
  }
}
