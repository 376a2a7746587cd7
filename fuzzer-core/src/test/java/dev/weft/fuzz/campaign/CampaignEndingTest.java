package dev.weft.fuzz.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.fuzz.Harness;
import dev.weft.fuzz.minimise.MinimiseBudget;
import dev.weft.fuzz.report.SummaryFile;
import dev.weft.fuzz.strategy.SegmentStrategy;
import dev.weft.graph.GraphBudget;
import dev.weft.graph.segment.SegmentOptions;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.SchedulingPoint;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.races.RaceMode;
import dev.weft.runtime.strategy.RandomWalk;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntToLongFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * However a campaign ends it writes {@code summary.json}. Weft running out of memory inside the
 * segment strategy's planning costs that run's plan and the campaign goes on; anywhere else between
 * runs it ends the campaign, which keeps the findings it has. A stop request (Ctrl-C) cuts a long
 * run short rather than waiting for it.
 */
class CampaignEndingTest {
  @TempDir Path dir;
  private final ByteArrayOutputStream progress = new ByteArrayOutputStream();

  private CampaignConfig config(String mainClass, List<String> args, long iterations) {
    return config(mainClass, args, iterations, "segment", RunBudget.DEFAULT);
  }

  private CampaignConfig config(
      String mainClass, List<String> args, long iterations, String strategy, RunBudget budget) {
    return new CampaignConfig(
        TargetSpec.main(mainClass, args),
        List.of(Harness.examplesPath(), Harness.testTargetsPath()),
        strategy,
        3,
        0,
        7,
        iterations,
        null,
        true,
        dir.resolve("out"),
        budget,
        List.of(),
        GraphBudget.DEFAULT,
        false,
        false,
        RaceMode.DEFAULT,
        true,
        MinimiseBudget.CAMPAIGN_DEFAULT);
  }

  private String progress() {
    return progress.toString(StandardCharsets.UTF_8);
  }

  private String summary() throws Exception {
    return Files.readString(dir.resolve("out").resolve(SummaryFile.NAME));
  }

  @Test
  void runningOutOfMemoryInPlanningDropsThatPlanAndTheCampaignGoesOn() throws Exception {
    CampaignConfig config = config("dev.weft.examples.pct.FlagXFixed", List.of("10", "10"), 40);
    AtomicBoolean failed = new AtomicBoolean();
    Campaign campaign =
        new Campaign(
            config,
            new PrintStream(progress, true, StandardCharsets.UTF_8),
            (c, siteKeys) ->
                new SegmentStrategy(
                    outOfMemoryOnce(siteKeys, failed),
                    c.depth(),
                    c.seed(),
                    SegmentOptions.DEFAULT,
                    c.graphBudget()));

    CampaignResult result = campaign.run();

    assertThat(failed).isTrue();
    assertThat(result.weftFailed()).isFalse();
    assertThat(result.executions()).isEqualTo(40);
    assertThat(result.stopReason()).isEqualTo("iteration budget reached");
    assertThat(result.strategyStats().get("planningOutOfMemory").longValue()).isEqualTo(1);
    assertThat(result.strategyStats().get("graphBudget").intValue()).isEqualTo(100_000);
    assertThat(result.strategyStats().get("coverageKeys").intValue())
        .as("later runs are planned again")
        .isPositive();
    assertThat(progress()).contains("note: segment planning ran out of memory on run 1");
    assertThat(summary())
        .contains("\"planningOutOfMemory\": 1")
        .contains("ran out of memory on run 1")
        .contains("windows of at most 100,000 events")
        .contains("\"weftFailed\": false");
  }

  @Test
  void runningOutOfMemoryBetweenRunsEndsTheCampaignWithItsSummaryAndFindings() throws Exception {
    CampaignConfig config = config("dev.weft.targets.fail.fields.DoubleRead", List.of(), 1_000);
    Campaign campaign =
        new Campaign(
            config,
            new PrintStream(progress, true, StandardCharsets.UTF_8),
            (c, siteKeys) -> new ExhaustedAfterAFinding(new RandomWalk(c.seed())));

    CampaignResult result = campaign.run();

    assertThat(result.findings()).hasSize(1);
    assertThat(result.weftFailed()).isTrue();
    assertThat(result.stopReason()).startsWith("Weft ran out of memory");
    assertThat(result.executions()).isEqualTo(result.findings().get(0).firstExecution() + 1);
    assertThat(progress()).contains("Weft ran out of memory after").contains("OutOfMemoryError");
    FoundBug bug = result.findings().get(0);
    assertThat(bug.file()).exists();
    assertThat(summary())
        .contains("\"weftFailed\": true")
        .contains("\"stopReason\": \"Weft ran out of memory")
        .contains("\"id\": \"" + bug.id() + "\"")
        .contains("x changed between two reads");
  }

  @Test
  void aStopRequestCutsALongRunShortAndTheSummaryIsWritten() throws Exception {
    // 50 million events under random walk would take minutes; the wall budget makes it a hang
    // finding after 20 s if the stop request does not cut it short
    CampaignConfig config =
        config(
            "dev.weft.examples.bench.LongRun",
            List.of("50000000"),
            10,
            "random",
            new RunBudget(Integer.MAX_VALUE / 2, 20_000, 10_000));
    Campaign campaign =
        new Campaign(config, new PrintStream(progress, true, StandardCharsets.UTF_8));
    Thread stopper =
        new Thread(
            () -> {
              try {
                Thread.sleep(1_500);
              } catch (InterruptedException e) {
                return;
              }
              campaign.requestStop();
            });
    stopper.start();

    CampaignResult result = campaign.run();
    stopper.join();

    assertThat(result.stopReason()).isEqualTo("interrupted");
    assertThat(result.executions()).isEqualTo(1);
    assertThat(result.skipped()).as("the cut run means nothing").isEqualTo(1);
    assertThat(result.findings()).isEmpty();
    assertThat(result.seconds()).isLessThan(15);
    assertThat(summary()).contains("\"stopReason\": \"interrupted\"");
  }

  /** Site keys whose first lookup throws, as graph building would on an exhausted heap. */
  private static IntToLongFunction outOfMemoryOnce(IntToLongFunction keys, AtomicBoolean failed) {
    return id -> {
      if (failed.compareAndSet(false, true)) {
        throw new OutOfMemoryError("Java heap space (simulated)");
      }
      return keys.applyAsLong(id);
    };
  }

  /** Random walk that exhausts the heap at the end of the first run after a failing one. */
  private static final class ExhaustedAfterAFinding implements Strategy {
    private final Strategy inner;
    private boolean sawFailure;

    ExhaustedAfterAFinding(Strategy inner) {
      this.inner = inner;
    }

    @Override
    public void beginRun(long runNumber) {
      inner.beginRun(runNumber);
    }

    @Override
    public int choose(SchedulingPoint point) {
      return inner.choose(point);
    }

    @Override
    public void endRun(RunResult result) {
      inner.endRun(result);
      if (sawFailure) {
        throw new OutOfMemoryError("Java heap space (simulated)");
      }
      sawFailure = result.failed();
    }

    @Override
    public String describe() {
      return "random, then out of memory";
    }
  }
}
