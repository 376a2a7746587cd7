package dev.weft.fuzz.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.fuzz.Harness;
import dev.weft.graph.ChunkRunner;
import dev.weft.graph.GraphBudget;
import dev.weft.graph.InterleavingGraph;
import dev.weft.graph.mutation.PlanTarget;
import dev.weft.graph.segment.SegmentOptions;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.runtime.strategy.ReplayStrategy;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Combinations of realised targets: the bug of PCTVB's Figure 10 needs T1's two reads of {@code a}
 * split by T2's write and its two reads of {@code b} by T3's, two reads-from pairs at once. Segment
 * realises each pair in its own planned run and then has nothing left to target; only a schedule
 * that packs both again reaches the bug.
 */
class TargetCombinationTest {
  @Test
  void segmentFindsABugThatNeedsTwoRealisedPairsAtOnceByCombiningThem() throws Exception {
    RunExecutor executor =
        Harness.executor(
            Harness.examplesPath(),
            TargetSpec.main("dev.weft.examples.variables.Figure10", List.of()),
            RunBudget.DEFAULT);
    Set<String> finders = new HashSet<>();
    for (long seed = 1; seed <= 12; seed++) {
      SegmentStrategy segment =
          new SegmentStrategy(
              Strategies.siteKeys(executor.sites()),
              3,
              seed,
              SegmentOptions.DEFAULT,
              GraphBudget.DEFAULT);
      RunResult found = null;
      for (int run = 1; run <= 60 && found == null; run++) {
        RunResult r = executor.execute(segment, run);
        found = r.failed() ? r : null;
      }
      assertThat(found).as("seed %d: not found in 60 executions", seed).isNotNull();
      finders.add(segment.lastRunOrigin());
      RunResult replayed = executor.execute(new ReplayStrategy(found.decisions()), 99);
      assertThat(replayed.failure()).isEqualTo(found.failure());
    }
    assertThat(finders).contains("combine");
  }

  @Test
  void onlyGraphsWithTwoRealisedTargetsAndUntriedCombinationsAreCombinedAndTheOldestGoFirst()
      throws Exception {
    RunExecutor executor =
        Harness.executor(
            Harness.examplesPath(),
            TargetSpec.main("dev.weft.examples.variables.Figure10", List.of()),
            RunBudget.DEFAULT);
    RealisedTargets realised = new RealisedTargets();
    TargetCombination combination =
        new TargetCombination(realised, Strategies.siteKeys(executor.sites()), 1);
    assertThat(combination.ready()).isFalse();
    List<InterleavingGraph> graphs = new ArrayList<>();
    for (int i = 0; i <= RealisedTargets.MAX_GRAPHS; i++) {
      RunResult r = executor.execute(new RandomWalk(i), i + 1);
      graphs.add(graph(executor, r));
    }
    realised.add(graphs.get(0), order(0, 1));
    assertThat(combination.ready()).as("one target cannot be combined").isFalse();
    assertThat(realised.pick(new Random(1))).isNull();
    realised.add(graphs.get(0), order(0, 2));
    assertThat(combination.ready()).isTrue();
    assertThat(realised.pick(new Random(1)).graph()).isSameAs(graphs.get(0));
    assertThat(realised.firstTry(graphs.get(0), List.of(order(0, 1), order(0, 2)))).isTrue();
    assertThat(realised.firstTry(graphs.get(0), List.of(order(0, 2), order(0, 1))))
        .as("the same combination in another order")
        .isFalse();
    realised.exhaust(graphs.get(0));
    assertThat(combination.ready()).as("an exhausted graph").isFalse();
    realised.add(graphs.get(0), order(1, 2));
    assertThat(combination.ready()).as("a new target gives new combinations").isTrue();
    for (int i = 1; i <= RealisedTargets.MAX_GRAPHS; i++) {
      realised.add(graphs.get(i), order(0, 1));
    }
    assertThat(realised.graphs()).isEqualTo(RealisedTargets.MAX_GRAPHS);
    assertThat(combination.ready()).as("the only combinable graph was the oldest").isFalse();
  }

  private static InterleavingGraph graph(RunExecutor executor, RunResult r) {
    return new WindowedAnalysis(
            Strategies.siteKeys(executor.sites()), SegmentOptions.DEFAULT, GraphBudget.DEFAULT)
        .analyse(r, null, ChunkRunner.CALLER)
        .graph();
  }

  /** A target that orders vertex {@code a} before vertex {@code b}. */
  private static PlanTarget order(int a, int b) {
    return new PlanTarget() {
      @Override
      public long key() {
        return 31L * a + b;
      }

      @Override
      public boolean constraints(InterleavingGraph g, IntArrayList out) {
        out.add(a);
        out.add(b);
        return true;
      }
    };
  }
}
