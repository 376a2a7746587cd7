package dev.weft.fuzz.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.fuzz.Harness;
import dev.weft.graph.GraphBudget;
import dev.weft.graph.TraceWindow;
import dev.weft.graph.readsfrom.ReadsFrom;
import dev.weft.graph.segment.SegmentOptions;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.trace.Site;
import dev.weft.trace.SiteTable;
import dev.weft.trace.Trace;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Reads-from on real runs: what the trace says each read observed is what the read returned; and
 * planning for reads-from finds the bugs that need a read to see an older value, at any number of
 * writers.
 */
class ReadsFromRunsTest {
  private static final Pattern SAW =
      Pattern.compile("saw plain=(\\d) published=(\\d) slot=(\\d) counter=(\\d) map=(\\d)");

  /** The reader's reads by the operation of their site, in the order of the message. */
  private static final List<String> READS =
      List.of(
          "read EveryKindOfRead.plain",
          "read EveryKindOfRead.published",
          "read int[]",
          "AtomicInteger.get",
          "ConcurrentHashMap.get");

  @Test
  void theTraceNamesTheWriteEachReadReturnedForFieldsArraysAtomicsAndMaps() throws Exception {
    RunExecutor executor =
        Harness.executor(
            Harness.testTargetsPath(),
            TargetSpec.main("dev.weft.targets.readsfrom.EveryKindOfRead", List.of()),
            RunBudget.DEFAULT);
    SiteTable sites = executor.sites();
    Map<String, Set<Integer>> valuesSeen = new HashMap<>();
    for (int seed = 1; seed <= 40; seed++) {
      RunResult r = executor.execute(new RandomWalk(seed), 1);
      Matcher m = SAW.matcher(r.failure().message());
      assertThat(m.find()).as(r.failure().message()).isTrue();
      Trace trace = r.trace();
      ReadsFrom rf = ReadsFrom.of(trace, TraceWindow.whole(trace.size()));
      int matched = 0;
      for (int v = 0; v < trace.size(); v++) {
        Site site = sites.get(trace.site(v));
        int which = READS.indexOf(site.operation());
        if (which < 0 || !site.methodName().equals("read") || !rf.isRead(v)) {
          continue;
        }
        int returned = Integer.parseInt(m.group(which + 1));
        int source = rf.source(v);
        int writer =
            source == ReadsFrom.INITIAL
                ? 0
                : switch (r.threadNames().get(trace.thread(source))) {
                  case "main.1" -> 1;
                  case "main.2" -> 2;
                  default -> -1;
                };
        assertThat(writer)
            .as("seed %d: %s returned %d", seed, site.operation(), returned)
            .isEqualTo(returned);
        valuesSeen.computeIfAbsent(site.operation(), k -> new HashSet<>()).add(returned);
        matched++;
      }
      assertThat(matched).isEqualTo(READS.size());
    }
    for (String read : READS) {
      assertThat(valuesSeen.get(read)).as(read).containsExactlyInAnyOrder(0, 1, 2);
    }
  }

  @ParameterizedTest(name = "{0} writers")
  @ValueSource(ints = {2, 20, 50})
  void aCheckerThatMustReadBeforeEveryWriterIsCaughtWithinTenExecutions(int writers)
      throws Exception {
    for (int seed = 1; seed <= 3; seed++) {
      int found =
          executionsToBug(
              "dev.weft.examples.families.HalfPublishedEndpoint",
              writers,
              seed,
              SegmentOptions.DEFAULT,
              10);
      assertThat(found).as("seed %d", seed).isBetween(2, 10);
    }
  }

  /**
   * Writers started as they are made, and a checker that must see the zeros the program wrote
   * before them (not the latest write, nor the JVM's default): within ten executions in most of 20
   * seeds, at every writer count. The search of a size stops once the majority is decided.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "HalfWrittenPair 20",
        "HalfWrittenPair 50",
        "HalfWrittenPair 100",
        "Reorder 50",
        "Reorder 100"
      })
  void aReadOfAnOlderWriteBeforeEveryWriterIsCaughtWithinTenExecutionsInMostSeeds(String program)
      throws Exception {
    String[] parts = program.split(" ");
    int seeds = 20;
    int found = 0;
    int missed = 0;
    for (int seed = 1; found <= seeds / 2 && missed < seeds / 2; seed++) {
      int run =
          executionsToBug(
              "dev.weft.examples.families." + parts[0],
              Integer.parseInt(parts[1]),
              seed,
              SegmentOptions.DEFAULT,
              10);
      if (run > 0) {
        found++;
      } else {
        missed++;
      }
    }
    assertThat(found).as("seeds that found it within 10 executions").isGreaterThan(seeds / 2);
  }

  @Test
  void withoutReadsFromTheSameCheckerIsNotCaughtSoSoon() throws Exception {
    int found =
        executionsToBug(
            "dev.weft.examples.families.HalfPublishedEndpoint",
            20,
            1,
            SegmentOptions.DEFAULT.withReadsFrom(false),
            10);
    assertThat(found).isEqualTo(-1);
  }

  @ParameterizedTest(name = "{0} writers")
  @ValueSource(ints = {3, 20})
  void aReadTornBetweenTwoWritersAndATwoPhaseAtomicityViolationAreCaught(int writers)
      throws Exception {
    for (String program : List.of("TornEndpoint", "TwoPhaseTotal")) {
      int found =
          executionsToBug(
              "dev.weft.examples.families." + program, writers, 1, SegmentOptions.DEFAULT, 10);
      assertThat(found).as(program).isBetween(2, 10);
    }
  }

  @Test
  void theCorrectEndpointGivesNoFinding() throws Exception {
    assertThat(
            executionsToBug(
                "dev.weft.examples.families.HalfPublishedEndpointFixed",
                5,
                1,
                SegmentOptions.DEFAULT,
                300))
        .isEqualTo(-1);
  }

  /**
   * The execution at which the program first failed under segment, or -1 if it did not within
   * {@code cap}; the first run must pass.
   */
  private static int executionsToBug(
      String mainClass, int writers, long seed, SegmentOptions options, int cap) throws Exception {
    RunExecutor executor =
        Harness.executor(
            Harness.examplesPath(),
            TargetSpec.main(mainClass, List.of(Integer.toString(writers))),
            RunBudget.DEFAULT);
    Strategy segment =
        new SegmentStrategy(
            Strategies.siteKeys(executor.sites()), 3, seed, options, GraphBudget.DEFAULT);
    for (int run = 1; run <= cap; run++) {
      RunResult r = executor.execute(segment, run);
      assertThat(r.outcome())
          .as("run %d: %s", run, r.diagnostic())
          .isIn(RunResult.Outcome.PASSED, RunResult.Outcome.FAILED);
      if (r.failed()) {
        assertThat(run).as("the first, non-preemptive run passes").isGreaterThan(1);
        return run;
      }
    }
    return -1;
  }
}
