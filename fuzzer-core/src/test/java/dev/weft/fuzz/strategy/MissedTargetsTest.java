package dev.weft.fuzz.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.fuzz.Harness;
import dev.weft.graph.segment.SegmentOptions;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A target its schedule missed is planned again from a later run's graph, where the program went
 * when the plan diverged, and no key is planned more than twice. The bounded buffer's condition
 * waits make most plans diverge (a flipped order decides who waits), so it misses many targets.
 */
class MissedTargetsTest {
  @Test
  void aMissedTargetIsPlannedOnceMoreFromALaterRunAndNeverAThirdTime() throws Exception {
    RunExecutor executor =
        Harness.executor(
            Harness.examplesPath(),
            TargetSpec.main("dev.weft.examples.juc.BoundedBufferIfFixed", List.of()),
            RunBudget.DEFAULT);
    int replannedLater = 0;
    for (long seed = 1; seed <= 3; seed++) {
      SegmentStrategy segment =
          new SegmentStrategy(
              Strategies.siteKeys(executor.sites()), 3, seed, SegmentOptions.DEFAULT);
      Long2ObjectOpenHashMap<LongArrayList> plannedFrom = new Long2ObjectOpenHashMap<>();
      for (int run = 1; run <= 150; run++) {
        assertThat(executor.execute(segment, run).failed()).isFalse();
        for (long key : segment.lastRunTargets()) {
          plannedFrom
              .computeIfAbsent(key, k -> new LongArrayList())
              .add(segment.lastRunParent() << 32 | segment.lastAnalysedRun());
        }
      }
      assertThat(segment.stats().get("targetsMissed").longValue()).isPositive();
      for (LongArrayList attempts : plannedFrom.values()) {
        assertThat(attempts.size()).isLessThanOrEqualTo(SegmentStrategy.MAX_ATTEMPTS);
        if (attempts.size() == 2) {
          long firstRun = attempts.getLong(0) & 0xFFFF_FFFFL;
          long secondParent = attempts.getLong(1) >>> 32;
          assertThat(secondParent)
              .as("the second plan comes from a run after the first attempt")
              .isGreaterThanOrEqualTo(firstRun);
          replannedLater++;
        }
      }
    }
    assertThat(replannedLater).isPositive();
  }
}
