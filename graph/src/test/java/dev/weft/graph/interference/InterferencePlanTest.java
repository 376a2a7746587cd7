package dev.weft.graph.interference;

import static dev.weft.graph.TraceBuilder.field;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.graph.GraphBuilder;
import dev.weft.graph.InterleavingGraph;
import dev.weft.graph.TraceBuilder;
import dev.weft.graph.TraceWindow;
import dev.weft.graph.mutation.Schedule;
import dev.weft.graph.readsfrom.ReadsFrom;
import dev.weft.trace.EventKind;
import dev.weft.trace.Trace;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The space, its enumeration, planning and the check agree on hand-built runs, which have no
 * control flow: every choice the planner accepts is realised when the run is replayed in the
 * planned order, the enumeration gives as many choices per k as the space counts, each under a name
 * of its own, and a write made before its reader was started is no interference.
 */
class InterferencePlanTest {
  private static final long X = field(1, 1);
  private static final long Y = field(1, 2);

  @Test
  void aWriteMadeBeforeTheReaderWasStartedIsNoCandidateAndAConcurrentOneIs() {
    TraceBuilder t = new TraceBuilder().threads("main", "reader", "writer");
    int init = t.write(0, X, 1);
    int startReader = t.event(0, EventKind.THREAD_START, 2);
    int begin = t.event(1, EventKind.THREAD_BEGIN, 3);
    t.causal(startReader, begin);
    int read = t.read(1, X, 4);
    int concurrent = t.write(2, X, 5);
    InterferenceSpace space = space(t);

    assertThat(space.readCount()).isEqualTo(1);
    assertThat(space.read(0)).isEqualTo(read);
    assertThat(space.writes(0)).containsExactly(concurrent);
    assertThat(space.localSources(read)).containsExactly(init);
    assertThat(space.isLocal(read, init)).isTrue();
    assertThat(space.isLocal(read, concurrent)).isFalse();
  }

  @Test
  void aCheckerThatMustSeeOneWriterNowAndTheOtherFieldStaleGetsItsSchedule() {
    TraceBuilder t = new TraceBuilder().threads("writer", "checker");
    t.write(0, X, 1);
    t.write(0, Y, 2);
    int readX = t.read(1, X, 3);
    t.read(1, Y, 4);
    InterferenceSpace space = space(t);
    ChoiceEnumerator choices = new ChoiceEnumerator(space, 1, 0);
    List<InterferenceChoice> all = new ArrayList<>();
    for (InterferenceChoice c = choices.next(); c != null; c = choices.next()) {
      all.add(c);
    }
    // k = 0, then x seeing the writer (y stale), then y seeing it (x stale)
    assertThat(all).extracting(InterferenceChoice::k).containsExactly(0, 1, 1);
    InterferenceChoice torn = all.get(1);
    assertThat(torn.reads()).containsExactly(readX);
    Trace replayed = replay(t, space.graph(), InterferencePlanner.plan(space, torn));
    ReadsFrom rf = ReadsFrom.of(replayed, TraceWindow.whole(replayed.size()));
    int x = indexOf(replayed, 1, 0);
    int y = indexOf(replayed, 1, 1);
    assertThat(rf.source(x)).isNotNegative();
    assertThat(rf.source(y)).isEqualTo(ReadsFrom.INITIAL);
  }

  @Test
  void everyPlannedChoiceOfARandomRunIsRealisedByItsSchedule() {
    int bound = 2;
    int planned = 0;
    for (int seed = 1; seed <= 20; seed++) {
      Random random = new Random(seed);
      TraceBuilder t = TraceBuilder.randomRun(random, 30, 2 + random.nextInt(2));
      InterferenceSpace space = space(t);
      ChoiceEnumerator choices = new ChoiceEnumerator(space, bound, 0);
      long[] perK = new long[bound + 1];
      LongOpenHashSet keys = new LongOpenHashSet();
      for (InterferenceChoice c = choices.next(); c != null; c = choices.next()) {
        perK[c.k()]++;
        assertThat(keys.add(c.key())).as("a name of its own").isTrue();
        Schedule schedule = InterferencePlanner.plan(space, c);
        if (schedule == null) {
          continue;
        }
        planned++;
        Trace replayed = replay(t, space.graph(), schedule);
        InterleavingGraph g =
            GraphBuilder.build(replayed, space.graph().threadNames(), s -> 1000L + s);
        ReadsFrom rf = ReadsFrom.of(replayed, TraceWindow.whole(replayed.size()));
        assertThat(InterferenceCheck.realised(g, rf, c)).as("seed %d: %s", seed, c).isTrue();
      }
      for (int k = 0; k <= bound; k++) {
        assertThat(perK[k]).as("seed %d, k = %d", seed, k).isEqualTo(space.choices(k));
      }
    }
    assertThat(planned).isGreaterThan(20);
  }

  private static InterferenceSpace space(TraceBuilder t) {
    Trace trace = t.trace();
    return InterferenceSpace.of(t.graph(), ReadsFrom.of(trace, TraceWindow.whole(trace.size())));
  }

  /** The run's events in the schedule's order (as {@code ReadsFromPlanTest} replays them). */
  private static Trace replay(TraceBuilder t, InterleavingGraph g, Schedule schedule) {
    Trace trace = t.trace();
    int n = trace.size();
    int[] order = new int[n];
    for (int v = 0; v < n; v++) {
      int thread = schedule.threadIndex(g.threadName(trace.thread(v)));
      order[schedule.position(thread, trace.indexInThread(v))] = v;
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

  /** The trace index of the {@code i}-th event of {@code thread}. */
  private static int indexOf(Trace trace, int thread, int i) {
    for (int v = 0; v < trace.size(); v++) {
      if (trace.thread(v) == thread && trace.indexInThread(v) == i) {
        return v;
      }
    }
    throw new AssertionError();
  }
}
