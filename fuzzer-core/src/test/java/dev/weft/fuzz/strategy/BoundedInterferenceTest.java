package dev.weft.fuzz.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.fuzz.Harness;
import dev.weft.fuzz.campaign.Campaign;
import dev.weft.fuzz.campaign.CampaignConfig;
import dev.weft.fuzz.campaign.CampaignResult;
import dev.weft.fuzz.input.InputOptions;
import dev.weft.fuzz.minimise.MinimiseBudget;
import dev.weft.fuzz.report.SummaryFile;
import dev.weft.graph.GraphBudget;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.oracle.ExpectedExceptions;
import dev.weft.runtime.races.RaceMode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bounded interference ({@code --strategy bi}) on whole campaigns: it finds a bug that needs one
 * non-local read with K = 1 and not with K = 0, says when it has explored every choice up to K (the
 * stop reason and the counts of {@code summary.json}), and settles a choice whose run diverges as
 * infeasible once, never planning it again. For a fuzz target it explores every input the input
 * search keeps, each with its own base run and choices.
 */
class BoundedInterferenceTest {
  private static final String TARGETS = "dev.weft.targets.interference.";

  @TempDir Path dir;

  private CampaignResult campaign(String mainClass, String strategy, long iterations)
      throws Exception {
    CampaignConfig config =
        new CampaignConfig(
            TargetSpec.main(TARGETS + mainClass, List.of()),
            List.of(Harness.testTargetsPath()),
            strategy,
            3,
            0,
            11,
            iterations,
            null,
            false,
            dir.resolve(strategy.replace(':', '-')),
            RunBudget.DEFAULT,
            List.of(),
            GraphBudget.DEFAULT,
            true,
            false,
            RaceMode.DEFAULT,
            true,
            null);
    return new Campaign(
            config, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
        .run();
  }

  private CampaignResult fuzzTarget(String method, String strategy, InputOptions inputs, String out)
      throws Exception {
    CampaignConfig config =
        new CampaignConfig(
                TargetSpec.method(TARGETS + method),
                List.of(Harness.testTargetsPath(), Harness.jazzerApiPath()),
                strategy,
                3,
                0,
                11,
                5_000,
                null,
                false,
                dir.resolve(out),
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
    return new Campaign(
            config, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
        .run();
  }

  @Test
  void forAFuzzTargetEveryKeptInputIsExploredSoABugNeedingAnInputAndOneStaleReadIsFound()
      throws Exception {
    String target = "GatedPublication::fuzzerTestOneInput";
    CampaignResult fixed =
        fuzzTarget(
            target, "bi:1", new InputOptions(new byte[0], InputOptions.Mode.FIXED, 4096), "fixed");
    assertThat(fixed.findings()).isEmpty();
    assertThat(fixed.stopReason()).isEqualTo(BoundedInterference.EXHAUSTED);

    CampaignResult searched = fuzzTarget(target, "bi:1", InputOptions.DEFAULT, "searched");
    assertThat(searched.findings()).hasSize(1);
    assertThat(searched.findings().get(0).failure().message()).contains("saw ready before value");
    JsonNode bi =
        new ObjectMapper()
            .readTree(dir.resolve("searched").resolve(SummaryFile.NAME).toFile())
            .get("interference");
    // the empty input, the one that passes 'P', and the one that starts the threads at least
    assertThat(bi.get("inputs").asLong()).isGreaterThanOrEqualTo(3);
    assertThat(bi.get("feasible").asLong()).isGreaterThanOrEqualTo(1);
  }

  private JsonNode interference(String strategy) throws Exception {
    JsonNode summary =
        new ObjectMapper()
            .readTree(dir.resolve(strategy.replace(':', '-')).resolve(SummaryFile.NAME).toFile());
    return summary.get("interference");
  }

  @Test
  void aBugThatNeedsOneNonLocalReadIsFoundWithKOneAndNotWithKZero() throws Exception {
    CampaignResult none = campaign("StalePublication", "bi:0", 100);
    assertThat(none.findings()).isEmpty();
    assertThat(none.stopReason()).isEqualTo(BoundedInterference.EXHAUSTED);

    CampaignResult one = campaign("StalePublication", "bi:1", 100);
    assertThat(one.findings()).hasSize(1);
    assertThat(one.findings().get(0).failure().message()).contains("saw ready before value");
    assertThat(one.findings().get(0).firstExecution()).isLessThanOrEqualTo(100);
    assertThat(one.stopReason()).isEqualTo("found a bug");
  }

  @Test
  void theOneInterferenceSpaceOfACorrectProgramIsExhaustedAndSaysSo() throws Exception {
    CampaignResult result = campaign("LockedCounter", "bi:1", 1_000);
    assertThat(result.findings()).isEmpty();
    assertThat(result.stopReason()).isEqualTo("interference bound exhausted");
    JsonNode bi = interference("bi:1");
    assertThat(bi.get("bound").asInt()).isEqualTo(1);
    assertThat(bi.get("exhausted").asBoolean()).isTrue();
    // all reads local: both increments read 0, which the lock forbids; one non-local read: either
    // increment reads the other's write
    assertThat(bi.get("choices").asLong()).isEqualTo(3);
    assertThat(bi.get("explored").asLong()).isEqualTo(3);
    assertThat(bi.get("feasible").asLong()).isEqualTo(2);
    assertThat(bi.get("infeasible").asLong()).isEqualTo(1);
    // the base run and one run per feasible choice: the infeasible one needed no run
    assertThat(result.executions()).isEqualTo(3);
  }

  @Test
  void aChoiceWhoseRunDivergesIsCountedInfeasibleAndNotPlannedAgain() throws Exception {
    CampaignResult result = campaign("GuardedRead", "bi:1", 1_000);
    assertThat(result.findings()).isEmpty();
    assertThat(result.stopReason()).isEqualTo(BoundedInterference.EXHAUSTED);
    JsonNode bi = interference("bi:1");
    assertThat(bi.get("diverged").asLong()).isEqualTo(1);
    assertThat(bi.get("infeasible").asLong()).isGreaterThanOrEqualTo(1);
    assertThat(bi.get("explored").asLong()).isEqualTo(bi.get("choices").asLong());
    // every choice ran at most once: the base run, then one run per choice that was planned
    assertThat(result.executions())
        .isEqualTo(1 + bi.get("feasible").asLong() + bi.get("diverged").asLong());
  }

  @Test
  void choicesExploredForAnInputAreNotRunAgainForItButAreForAnotherInput() throws Exception {
    RunExecutor executor =
        Harness.executor(
            Harness.testTargetsPath(),
            TargetSpec.main(TARGETS + "LockedCounter", List.of()),
            RunBudget.DEFAULT);
    BoundedInterference bi =
        new BoundedInterference(1, Strategies.siteKeys(executor.sites()), GraphBudget.DEFAULT);
    long runs = 0;
    while (bi.stopReason() == null && runs < 100) {
      executor.execute(bi, ++runs);
    }
    long firstInput = runs;
    bi.newInput(0); // the same input again
    while (bi.stopReason() == null && runs < 200) {
      executor.execute(bi, ++runs);
    }
    assertThat(bi.stopReason()).isEqualTo(BoundedInterference.EXHAUSTED);
    // the same reads and writes (thread, site, occurrence) make the same choices: none runs again
    assertThat(runs).isEqualTo(firstInput + 1);
    bi.newInput(42); // another input: the same choices are other tests
    long before = runs;
    while (bi.stopReason() == null && runs < 300) {
      executor.execute(bi, ++runs);
    }
    assertThat(runs - before).isEqualTo(firstInput);
    @SuppressWarnings("unchecked")
    Map<String, Object> section = (Map<String, Object>) bi.summarySections().get("interference");
    assertThat(section)
        .containsEntry("inputs", 3L)
        .containsEntry("choices", 9L)
        .containsEntry("explored", 9L)
        .containsEntry("alreadyExplored", 3L);
  }
}
