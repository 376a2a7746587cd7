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
import dev.weft.targets.hangs.CountsForever;
import dev.weft.targets.hangs.LocalLoops;
import dev.weft.targets.hangs.LockLeftHeld;
import dev.weft.targets.hangs.TimedWaitsForNothing;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
    return campaign(LocalLoops.class, List.of(Long.toString(computeMillis)), BUDGET, 1, null);
  }

  private CampaignResult campaign(
      Class<?> target, List<String> args, RunBudget budget, long iterations, Duration time)
      throws Exception {
    CampaignConfig config =
        new CampaignConfig(
            TargetSpec.main(target.getName(), args),
            List.of(Harness.testTargetsPath()),
            "random",
            3,
            0,
            7,
            iterations,
            time,
            true,
            dir.resolve("out"),
            budget,
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

  @Test
  void aSpinOnALockNobodyWillReleaseIsConfirmedAsEndlessWithoutAReplay() throws Exception {
    CampaignResult result =
        campaign(LockLeftHeld.class, List.of(), new RunBudget(10_000, 60_000, 2_000), 1, null);

    assertThat(result.findings()).as("%s", result.notes()).hasSize(1);
    assertThat(result.findings().get(0).failure().message())
        .contains("steps alone")
        .contains("no thread changed shared state and no time-out was still to come");
    assertThat(result.hangs()).isEqualTo(new HangConfirmation.Counts(1, 1));
  }

  @Test
  void aRunStillGoingWhenTheTimeRunsOutIsEndedThereWithoutAVerdict() throws Exception {
    long start = System.nanoTime();
    CampaignResult result =
        campaign(
            CountsForever.class,
            List.of(),
            new RunBudget(Integer.MAX_VALUE, 60_000, 2_000),
            0,
            Duration.ofSeconds(4)); // the run itself begins after a second or so of set-up
    long seconds = (System.nanoTime() - start) / 1_000_000_000L;

    assertThat(result.stopReason()).isEqualTo("time budget reached");
    assertThat(result.findings()).isEmpty();
    assertThat(result.skipped()).isZero();
    assertThat(result.notes())
        .anySatisfy(
            n ->
                assertThat(n)
                    .contains("execution 1 was still running when the time budget ran out"));
    assertThat(seconds).as("the run's own timeout is 60 s").isLessThan(30);
    assertThat(summary()).contains("\"stopReason\": \"time budget reached\"");
  }

  @Test
  void aHangFoundJustBeforeTheTimeRunsOutIsReportedUnconfirmed() throws Exception {
    long start = System.nanoTime();
    CampaignResult result =
        campaign(
            CountsForever.class,
            List.of(),
            new RunBudget(Integer.MAX_VALUE, 1_000, 2_000),
            0,
            // the run's one second of its own time fits in seven even at a sixth of a processor;
            // its replay's ten seconds do not fit in the three after them, even on an idle machine
            Duration.ofSeconds(7));
    long seconds = (System.nanoTime() - start) / 1_000_000_000L;

    assertThat(result.findings()).as("%s", result.notes()).hasSize(1);
    assertThat(result.findings().get(0).failure().kind()).isEqualTo(FindingKind.HANG);
    assertThat(result.hangs()).isEqualTo(new HangConfirmation.Counts(1, 0));
    assertThat(result.notes())
        .anySatisfy(
            n ->
                assertThat(n)
                    .contains("could not be confirmed")
                    .contains("time budget ran out")
                    .contains("reported unconfirmed"));
    assertThat(seconds).as("the replay ends at most 3 s after the session's 7").isLessThan(15);
  }

  @Test
  void threadsWaitingInATimedLoopForWhatNobodyWillDoAreConfirmedWithoutAReplay() throws Exception {
    CampaignResult result =
        campaign(
            TimedWaitsForNothing.class, List.of(), new RunBudget(10_000, 60_000, 2_000), 1, null);

    assertThat(result.findings()).as("%s", result.notes()).hasSize(1);
    assertThat(result.findings().get(0).failure().message())
        .contains("no thread changed shared state and no time-out was still to come");
    assertThat(result.hangs()).isEqualTo(new HangConfirmation.Counts(1, 1));
  }
}
