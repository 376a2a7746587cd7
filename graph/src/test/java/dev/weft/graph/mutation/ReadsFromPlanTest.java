package dev.weft.graph.mutation;

import static dev.weft.graph.TraceBuilder.field;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.graph.InterleavingGraph;
import dev.weft.graph.TraceBuilder;
import dev.weft.graph.TraceWindow;
import dev.weft.graph.readsfrom.ReadsFrom;
import dev.weft.graph.readsfrom.ReadsFromKeys;
import dev.weft.trace.EventKind;
import dev.weft.trace.Trace;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;

/**
 * Reads-from targets planned on hand-built runs are realised when the run is replayed in the
 * planned order: hand-built runs have no control flow, so a schedule is followed exactly.
 */
class ReadsFromPlanTest {
  private static final long HOST = field(1, 1);
  private static final long PORT = field(1, 2);

  @Test
  void theCheckerReadsTheInitialValueBeforeEveryOneOfTwentyWriters() {
    int writers = 20;
    TraceBuilder t = new TraceBuilder().threads("main");
    for (int w = 1; w <= writers; w++) {
      t.threads("writer" + w);
      t.write(w, HOST, 10);
      t.write(w, PORT, 11);
    }
    t.threads("checker");
    int checker = writers + 1;
    int readHost = t.read(checker, HOST, 30);
    int readPort = t.read(checker, PORT, 31);
    InterleavingGraph g = t.graph();
    ReadsFrom rf = ReadsFrom.of(t.trace(), TraceWindow.whole(t.trace().size()));
    ReadsFromKeys keys = ReadsFromKeys.enumerate(g, rf, 4, 1_000);

    List<ReadsFromTarget> targets = ReadsFromMutation.imagine(g, rf, keys, k -> !keys.contains(k));
    long hostNowPortInitial =
        ReadsFromKeys.pair(g, readHost, rf.source(readHost), readPort, ReadsFrom.INITIAL);
    assertThat(targets).extracting(ReadsFromTarget::key).contains(hostNowPortInitial);
    ReadsFromTarget target =
        targets.stream().filter(x -> x.key() == hostNowPortInitial).findFirst().orElseThrow();

    HarmoniousSelection.Plan plan = HarmoniousSelection.plan(g, List.of(target), new Random(1), 1);
    assertThat(plan.schedules()).hasSize(1);
    Trace replayed = replay(t.trace(), g, plan.schedules().get(0).schedule());
    ReadsFrom after = ReadsFrom.of(replayed, TraceWindow.whole(replayed.size()));
    int portRead = lastOf(replayed, checker);
    assertThat(after.source(portRead)).isEqualTo(ReadsFrom.INITIAL);
    int hostRead = portRead - 1;
    assertThat(replayed.thread(hostRead)).isEqualTo(checker);
    assertThat(after.source(hostRead)).as("the host read still sees a writer").isNotNegative();
  }

  @Test
  void theCheckerSeesTheInitialisersWriteBeforeEveryOneOfAHundredWritersInOneSchedule() {
    for (int writers : new int[] {20, 100}) {
      // main writes both fields first (the zeros of an initialiser), then starts every thread
      TraceBuilder t = new TraceBuilder().threads("main");
      t.write(0, HOST, 5);
      int started = t.write(0, PORT, 6);
      for (int w = 1; w <= writers; w++) {
        t.threads("writer" + w);
        t.causal(started, t.write(w, HOST, 10));
        t.write(w, PORT, 11);
      }
      t.threads("checker");
      int checker = writers + 1;
      int readHost = t.read(checker, HOST, 30);
      t.causal(started, readHost);
      int readPort = t.read(checker, PORT, 31);
      InterleavingGraph g = t.graph();
      ReadsFrom rf = ReadsFrom.of(t.trace(), TraceWindow.whole(t.trace().size()));
      ReadsFromKeys keys = ReadsFromKeys.enumerate(g, rf, 4, 1_000);
      List<ReadsFromTarget> targets =
          ReadsFromMutation.imagine(g, rf, keys, k -> !keys.contains(k));

      // the port read seeing main's write, however many writers wrote port after it
      long hostNowPortOld = ReadsFromKeys.pair(g, readHost, rf.source(readHost), readPort, started);
      ReadsFromTarget target =
          targets.stream()
              .filter(x -> x.key() == hostNowPortOld)
              .findFirst()
              .orElseThrow(() -> new AssertionError(writers + " writers: no target"));
      assertThat(target.mixedView()).isTrue();
      HarmoniousSelection.Plan plan =
          HarmoniousSelection.plan(g, List.of(target), new Random(1), 1);
      assertThat(plan.schedules()).hasSize(1);
      Trace replayed = replay(t.trace(), g, plan.schedules().get(0).schedule());
      ReadsFrom after = ReadsFrom.of(replayed, TraceWindow.whole(replayed.size()));
      int portRead = lastOf(replayed, checker);
      assertThat(replayed.thread(after.source(portRead))).as("%d writers", writers).isZero();
      int hostSource = after.source(portRead - 1);
      assertThat(replayed.thread(hostSource)).as("the host read sees a writer").isPositive();
      // one target per kind of view, not per writer
      assertThat(targets.size()).as("%d writers", writers).isLessThan(40);
    }
  }

  @Test
  void aViewNoSingleWriterProducedIsTheFirstCombinationEveryFirstScheduleTries() {
    // three writers each write host then port; the checker saw the last writer's pair
    TraceBuilder t = new TraceBuilder().threads("main");
    for (int w = 1; w <= 3; w++) {
      t.threads("writer" + w);
      t.write(w, HOST, 10);
      t.write(w, PORT, 11);
    }
    t.threads("checker");
    int checker = 4;
    t.read(checker, HOST, 30);
    t.read(checker, PORT, 31);
    InterleavingGraph g = t.graph();
    ReadsFrom rf = ReadsFrom.of(t.trace(), TraceWindow.whole(t.trace().size()));
    ReadsFromKeys keys = ReadsFromKeys.enumerate(g, rf, 4, 1_000);
    List<ReadsFromTarget> targets = ReadsFromMutation.imagine(g, rf, keys, k -> !keys.contains(k));

    // a target is a mixed view exactly when its reads come to see two writers (initial: a writer)
    int mixed = 0;
    for (ReadsFromTarget target : targets) {
      HarmoniousSelection.Plan alone =
          HarmoniousSelection.plan(g, List.of(target), new Random(1), 1);
      assertThat(alone.schedules()).hasSize(1);
      int[] writers = checkerView(t.trace(), g, alone.schedules().get(0).schedule(), checker);
      boolean torn = target.reads().length == 2 && writers[0] != writers[1];
      assertThat(target.mixedView())
          .as("target %s sees %d, %d", target, writers[0], writers[1])
          .isEqualTo(torn);
      mixed += torn ? 1 : 0;
    }
    assertThat(mixed).isGreaterThanOrEqualTo(2);

    // whatever the shuffle, the first schedule tries a mixed view of the pair
    for (int seed = 0; seed < 30; seed++) {
      HarmoniousSelection.Plan plan = HarmoniousSelection.plan(g, targets, new Random(seed), 1);
      int[] writers = checkerView(t.trace(), g, plan.schedules().get(0).schedule(), checker);
      assertThat(writers[0]).as("seed %d", seed).isNotEqualTo(writers[1]);
    }
  }

  /** The writer threads (-1: initial value) of what the checker's two reads see in the schedule. */
  private static int[] checkerView(
      Trace trace, InterleavingGraph g, Schedule schedule, int checker) {
    Trace replayed = replay(trace, g, schedule);
    ReadsFrom after = ReadsFrom.of(replayed, TraceWindow.whole(replayed.size()));
    int[] out = new int[2];
    int i = 0;
    for (int v = 0; v < replayed.size(); v++) {
      if (replayed.thread(v) == checker && replayed.kind(v) == EventKind.READ) {
        int source = after.source(v);
        out[i++] = source == ReadsFrom.INITIAL ? -1 : replayed.thread(source);
      }
    }
    assertThat(i).isEqualTo(2);
    return out;
  }

  @Test
  void aReadCannotSeeAnotherWriteAcrossItsOwnThreadsWrite() {
    TraceBuilder t = new TraceBuilder().threads("main", "other");
    t.write(1, HOST, 20);
    t.write(0, HOST, 10);
    int read = t.read(0, HOST, 11);
    InterleavingGraph g = t.graph();
    ReadsFrom rf = ReadsFrom.of(t.trace(), TraceWindow.whole(t.trace().size()));
    ReadsFromKeys keys = ReadsFromKeys.enumerate(g, rf, 4, 1_000);
    List<ReadsFromTarget> targets = ReadsFromMutation.imagine(g, rf, keys, k -> !keys.contains(k));
    assertThat(ReadsFromMutation.sources(g, rf, read))
        .as("neither the initial value nor the other thread's earlier write can be seen")
        .containsExactly(rf.source(read), 0);
    // the other thread's write moved after the read is still hidden by main's own write
    for (ReadsFromTarget target : targets) {
      assertThat(target.reads()).doesNotContain(read);
    }
  }

  @RepeatedTest(20)
  void everyPlannedTargetIsRealisedWhenTheScheduleIsFollowed(RepetitionInfo info) {
    Random random = new Random(info.getCurrentRepetition());
    TraceBuilder t = TraceBuilder.randomRun(random, 300, 2 + random.nextInt(3));
    Trace trace = t.trace();
    InterleavingGraph g = t.graph();
    ReadsFrom rf = ReadsFrom.of(trace, TraceWindow.whole(trace.size()));
    ReadsFromKeys keys = ReadsFromKeys.enumerate(g, rf, 4, 1_000_000);
    List<ReadsFromTarget> targets = ReadsFromMutation.imagine(g, rf, keys, k -> !keys.contains(k));
    assertThat(targets).isNotEmpty();
    HarmoniousSelection.Plan plan = HarmoniousSelection.plan(g, targets, random, 1_000);
    int realised = 0;
    for (PlannedSchedule p : plan.schedules()) {
      Trace replayed = replay(trace, g, p.schedule());
      InterleavingGraph rg = TraceBuilder.graphOf(replayed, g.threadNames());
      ReadsFromKeys now =
          ReadsFromKeys.enumerate(
              rg, ReadsFrom.of(replayed, TraceWindow.whole(replayed.size())), 4, 1_000_000);
      LongOpenHashSet seen = new LongOpenHashSet(now.keys());
      for (PlanTarget target : p.targets()) {
        assertThat(seen).as("target %s", target).contains(target.key());
        realised++;
      }
    }
    assertThat(realised + plan.infeasible().size() + plan.unplaced().size())
        .isEqualTo(targets.size());
    assertThat(realised).isPositive();
  }

  /** The trace's events in the schedule's order, with its causal edges. */
  static Trace replay(Trace trace, InterleavingGraph g, Schedule schedule) {
    int n = trace.size();
    int[] order = new int[n];
    for (int v = 0; v < n; v++) {
      int t = schedule.threadIndex(g.threadName(trace.thread(v)));
      order[schedule.position(t, trace.indexInThread(v))] = v;
    }
    Trace out = new Trace();
    int[] newIndex = new int[n];
    for (int p = 0; p < n; p++) {
      int v = order[p];
      newIndex[v] = out.append(trace.thread(v), trace.kind(v), trace.site(v), trace.location(v));
    }
    for (int e = 0; e < trace.causalEdgeCount(); e++) {
      out.addCausalEdge(newIndex[trace.causalEdgeSource(e)], newIndex[trace.causalEdgeTarget(e)]);
    }
    return out;
  }

  private static int lastOf(Trace trace, int thread) {
    for (int v = trace.size() - 1; v >= 0; v--) {
      if (trace.thread(v) == thread && trace.kind(v) == EventKind.READ) {
        return v;
      }
    }
    throw new AssertionError();
  }
}
