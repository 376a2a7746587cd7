package dev.weft.fuzz.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.fuzz.Harness;
import dev.weft.graph.GraphBudget;
import dev.weft.graph.segment.SegmentOptions;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Fresh runs that repeat an analysed trace skip the analysis and change nothing: a small correct
 * program, whose samplers soon only repeat traces, makes the same decisions in every run with the
 * analyses skipped as with every run analysed, and the same coverage.
 */
class RepeatedTracesTest {
  @Test
  void skippingTheAnalysisOfRepeatedTracesChangesNoDecision() throws Exception {
    RunExecutor executor =
        Harness.executor(
            Harness.examplesPath(),
            TargetSpec.main("dev.weft.examples.variables.Figure4Fixed", List.of()),
            RunBudget.DEFAULT);
    SegmentStrategy skipping = strategy(executor, true);
    SegmentStrategy analysing = strategy(executor, false);
    for (int run = 1; run <= 300; run++) {
      RunResult a = executor.execute(skipping, run);
      RunResult b = executor.execute(analysing, run);
      assertThat(a.decisions()).as("run %d", run).containsExactly(b.decisions());
      assertThat(skipping.lastAnalysedRun()).isEqualTo(analysing.lastAnalysedRun());
      assertThat(skipping.lastRunNewKeys()).containsExactly(analysing.lastRunNewKeys());
    }
    assertThat(skipping.stats().get("repeatedTraces").longValue()).isGreaterThan(100);
    assertThat(analysing.stats().get("repeatedTraces").longValue()).isZero();
    assertThat(skipping.coveredKeys()).isEqualTo(analysing.coveredKeys());
    assertThat(skipping.stats().get("targetsTried"))
        .isEqualTo(analysing.stats().get("targetsTried"));
  }

  private static SegmentStrategy strategy(RunExecutor executor, boolean skip) {
    SegmentStrategy s =
        new SegmentStrategy(
            Strategies.siteKeys(executor.sites()),
            3,
            7,
            SegmentOptions.DEFAULT,
            GraphBudget.DEFAULT);
    s.skipRepeatedTraces(skip);
    return s;
  }
}
