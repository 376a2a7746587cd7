package dev.weft.fuzz.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.fuzz.Harness;
import dev.weft.fuzz.minimise.MinimiseBudget;
import dev.weft.fuzz.report.ErrorLog;
import dev.weft.fuzz.report.SummaryFile;
import dev.weft.graph.GraphBudget;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.races.RaceMode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Weft failing before the first run (here: its strategy cannot be made) ends the campaign as Weft's
 * failure, with {@code summary.json} and one line that says so; the stack goes to a log file.
 */
class CampaignInternalErrorTest {
  @TempDir Path dir;

  @Test
  void anInternalErrorBeforeTheFirstRunIsWeftsFailureWithItsSummary() throws Exception {
    ByteArrayOutputStream progress = new ByteArrayOutputStream();
    CampaignConfig config =
        new CampaignConfig(
            TargetSpec.main("dev.weft.examples.pct.FlagXFixed", List.of("10", "10")),
            List.of(Harness.examplesPath()),
            "segment",
            3,
            0,
            7,
            10,
            null,
            false,
            dir.resolve("out"),
            RunBudget.DEFAULT,
            List.of(),
            GraphBudget.DEFAULT,
            false,
            false,
            RaceMode.DEFAULT,
            true,
            MinimiseBudget.CAMPAIGN_DEFAULT);
    Campaign campaign =
        new Campaign(
            config,
            new PrintStream(progress, true, StandardCharsets.UTF_8),
            (c, siteKeys) -> {
              throw new IllegalStateException("simulated internal error\nsecond line");
            });

    CampaignResult result = campaign.run();

    assertThat(result.weftFailed()).isTrue();
    assertThat(result.executions()).isZero();
    assertThat(result.stopReason())
        .isEqualTo(
            "Weft failed with an internal error"
                + " (java.lang.IllegalStateException: simulated internal error)");
    String said = progress.toString(StandardCharsets.UTF_8);
    assertThat(said)
        .contains("[weft] Weft failed with an internal error after 0 executions")
        .contains(ErrorLog.NAME)
        .doesNotContain("\tat ")
        .doesNotContain("second line");
    assertThat(Files.readString(dir.resolve("out").resolve(ErrorLog.NAME)))
        .contains("simulated internal error")
        .contains("\tat ");
    assertThat(Files.readString(dir.resolve("out").resolve(SummaryFile.NAME)))
        .contains("\"weftFailed\": true")
        .contains("\"stopReason\": \"Weft failed with an internal error");
  }
}
