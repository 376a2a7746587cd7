package dev.weft.fuzz.input;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.corpus.FindingFiles;
import dev.weft.corpus.FindingRecord;
import dev.weft.fuzz.Harness;
import dev.weft.fuzz.campaign.Campaign;
import dev.weft.fuzz.campaign.CampaignConfig;
import dev.weft.fuzz.campaign.CampaignResult;
import dev.weft.fuzz.campaign.FoundBug;
import dev.weft.fuzz.minimise.MinimiseBudget;
import dev.weft.fuzz.replay.FindingReplay;
import dev.weft.graph.GraphBudget;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.oracle.ExpectedExceptions;
import dev.weft.runtime.races.RaceMode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bug that needs an input and an interleaving ({@code GatedClaim}: three bytes through three
 * nested branches start two threads with a check-then-act race) is found by the default strategy,
 * which searches both, and its finding replays with its input; with the input fixed it is not
 * found; its locked twin stays clean over 20,000 executions (a few seconds) while its inputs are
 * searched and reach the threads.
 */
class InputAndScheduleCampaignTest {
  private static final String TARGET = "dev.weft.examples.inputs.GatedClaim::fuzzerTestOneInput";
  private static final String TWIN = "dev.weft.examples.inputs.GatedClaimFixed::fuzzerTestOneInput";

  @TempDir Path dir;

  private CampaignConfig config(String target, long iterations, InputOptions inputs) {
    return new CampaignConfig(
            TargetSpec.method(target),
            List.of(Harness.examplesPath(), Harness.jazzerApiPath()),
            "segment",
            3,
            0,
            7,
            iterations,
            null,
            false,
            dir.resolve("out"),
            RunBudget.DEFAULT,
            List.of(),
            GraphBudget.DEFAULT,
            true,
            false,
            RaceMode.DEFAULT,
            true,
            MinimiseBudget.CAMPAIGN_DEFAULT,
            ExpectedExceptions.NONE)
        .withInputs(inputs);
  }

  private CampaignResult run(CampaignConfig config) throws Exception {
    PrintStream sink = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    return new Campaign(config, sink).run();
  }

  @Test
  void theDefaultStrategyFindsTheBugThatNeedsAnInputAndAnInterleavingAndReplaysItWithItsInput()
      throws Exception {
    CampaignResult result = run(config(TARGET, 5_000, InputOptions.DEFAULT));

    assertThat(result.findings()).hasSize(1);
    FoundBug bug = result.findings().get(0);
    assertThat(bug.failure().message()).contains("the job was claimed 2 times");
    FindingRecord record = FindingFiles.read(bug.file());
    byte[] input = record.input();
    assertThat(input).isNotNull();
    // consumed from the end, as Jazzer does: 'R', then 'A', then 'C'
    assertThat(Arrays.copyOfRange(input, input.length - 3, input.length))
        .containsExactly('C', 'A', 'R');
    assertThat(Files.readString(dir.resolve("out").resolve(bug.id() + ".txt")))
        .contains("consumeByte() = 82", "consumeByte() = 65", "consumeByte() = 67");

    RunExecutor replayer =
        FindingReplay.executor(record, record.classPath().stream().map(Path::of).toList());
    assertThat(FindingReplay.replay(record, replayer).reproduced()).isNotNull();

    FindingRecord withoutInput = record.withInput(new byte[0]);
    RunExecutor bare =
        FindingReplay.executor(withoutInput, record.classPath().stream().map(Path::of).toList());
    assertThat(FindingReplay.replay(withoutInput, bare).reproduced()).isNull();
  }

  @Test
  void withTheInputFixedTheBugIsNotFound() throws Exception {
    InputOptions fixed =
        new InputOptions(new byte[0], InputOptions.Mode.FIXED, InputOptions.DEFAULT_MAX_LENGTH);
    CampaignResult result = run(config(TARGET, 2_000, fixed));

    assertThat(result.executions()).isEqualTo(2_000);
    assertThat(result.findings()).isEmpty();
  }

  @Test
  void theLockedTwinStaysCleanWhileItsInputsAreSearched() throws Exception {
    CampaignResult result = run(config(TWIN, 20_000, InputOptions.DEFAULT));

    assertThat(result.executions()).isEqualTo(20_000);
    assertThat(result.findings()).isEmpty();
    // the search did reach the threads: all three branches were passed by some input
    assertThat(result.strategyStats().get("inputs.kept").intValue()).isGreaterThanOrEqualTo(4);
  }
}
