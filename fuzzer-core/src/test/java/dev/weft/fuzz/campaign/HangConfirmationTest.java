package dev.weft.fuzz.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.fuzz.Harness;
import dev.weft.fuzz.minimise.MinimiseBudget;
import dev.weft.fuzz.report.SummaryFile;
import dev.weft.graph.GraphBudget;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.runtime.races.RaceMode;
import dev.weft.targets.hangs.LocalLoops;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hang is reported only when a replay of its run with ten times the budget hangs again: a thread
 * that computes a little past the stall budget is no finding (a note says so), one that computes
 * far past ten times it is, and {@code summary.json} counts both.
 */
class HangConfirmationTest {
  private static final RunBudget BUDGET = new RunBudget(100_000, 60_000, 20);

  @TempDir Path dir;
  private final ByteArrayOutputStream progress = new ByteArrayOutputStream();

  private CampaignResult campaign(long computeMillis) throws Exception {
    CampaignConfig config =
        new CampaignConfig(
            TargetSpec.main(LocalLoops.class.getName(), List.of(Long.toString(computeMillis))),
            List.of(Harness.testTargetsPath()),
            "random",
            3,
            0,
            7,
            1,
            null,
            true,
            dir.resolve("out"),
            BUDGET,
            List.of(),
            GraphBudget.DEFAULT,
            true,
            false,
            RaceMode.DEFAULT,
            true,
            new MinimiseBudget(null, 1)); // a hang's replays are slow: the test is not about them
    return new Campaign(config, new PrintStream(progress, true, StandardCharsets.UTF_8)).run();
  }

  private String summary() throws Exception {
    return Files.readString(dir.resolve("out").resolve(SummaryFile.NAME));
  }

  @Test
  void aComputationALittlePastTheStallBudgetIsNotConfirmedAndNoFinding() throws Exception {
    CampaignResult result = campaign(120);

    assertThat(result.findings()).isEmpty();
    assertThat(result.hangs()).isEqualTo(new HangConfirmation.Counts(1, 0));
    assertThat(result.notes())
        .anySatisfy(n -> assertThat(n).contains("exceeded its budget once; not confirmed"));
    assertThat(summary())
        .contains("\"hangFindings\": {\n    \"reported\": 1,\n    \"confirmed\": 0\n  }");
  }

  @Test
  void aComputationFarPastTenTimesTheStallBudgetIsAConfirmedHang() throws Exception {
    CampaignResult result = campaign(300);

    assertThat(result.findings()).as("%s %s", result.notes(), result.stopReason()).hasSize(1);
    assertThat(result.findings().get(0).failure().kind()).isEqualTo(FindingKind.HANG);
    assertThat(result.findings().get(0).failure().message())
        .contains("of processor time without reaching a scheduling point");
    boolean replaySkipped = result.notes().stream().anyMatch(n -> n.contains("unconfirmed"));
    assertThat(result.hangs())
        .as("%s", result.notes())
        .isEqualTo(new HangConfirmation.Counts(1, replaySkipped ? 0 : 1));
    assertThat(summary()).contains("\"reported\": 1");
  }
}
