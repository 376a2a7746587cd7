package dev.weft.fuzz.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.graph.GraphBuilder;
import dev.weft.graph.InterleavingGraph;
import dev.weft.graph.TraceWindow;
import dev.weft.graph.mutation.ImaginarySegment;
import dev.weft.graph.mutation.PlanTarget;
import dev.weft.graph.mutation.PlannedSchedule;
import dev.weft.graph.mutation.Schedule;
import dev.weft.trace.EventKind;
import dev.weft.trace.Locations;
import dev.weft.trace.Trace;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The queue counts what its schedules keep alive, a graph once however many share it; runs
 * alternate between the newest round and the oldest schedules, deadlock plans first.
 */
class ScheduleQueueTest {
  private static InterleavingGraph windowOfALongRun() {
    Trace trace = new Trace();
    for (int i = 0; i < 50_000; i++) {
      trace.append(i % 2, i % 3 == 0 ? EventKind.WRITE : EventKind.READ, i % 7, Locations.of(1, 1));
    }
    return GraphBuilder.build(
        trace, List.of("main", "main.1"), site -> site, new TraceWindow(40_000, 50_000));
  }

  private static PlannedSchedule plannedOn(InterleavingGraph g, long key) {
    int[] order = new int[g.vertexCount()];
    for (int v = 0; v < order.length; v++) {
      order[v] = v;
    }
    return new PlannedSchedule(
        Schedule.of(g, order), List.of(new ImaginarySegment(0, 1, 1, key)), g);
  }

  @Test
  void aSecondGraphWaitsUntilTheFirstsSchedulesHaveRun() {
    InterleavingGraph first = windowOfALongRun();
    InterleavingGraph second = windowOfALongRun();
    long room = first.footprintBytes() + 3 * 4L * first.vertexCount();
    ScheduleQueue queue = new ScheduleQueue(100, room);
    assertThat(queue.hasRoomFor(first)).isTrue();
    queue.addRound(List.of(plannedOn(first, 1), plannedOn(first, 2)), 1, null);
    assertThat(queue.hasRoomFor(first)).as("a graph already queued costs nothing more").isTrue();
    assertThat(queue.hasRoomFor(second)).isFalse();
    assertThat(queue.targets()).isEqualTo(2);

    assertThat(queue.poll().plan().targets().get(0).key()).isEqualTo(1);
    assertThat(queue.hasRoomFor(second)).isFalse();
    assertThat(queue.poll().plan().targets().get(0).key()).isEqualTo(2);
    assertThat(queue.poll()).isNull();
    queue.addRound(List.of(plannedOn(second, 3)), 1, null);
    assertThat(queue.hasRoomFor(first)).isFalse();
    assertThat(queue.clear()).extracting(PlanTarget::key).containsExactly(3L);
    assertThat(queue.hasRoomFor(first)).isTrue();
    assertThat(queue.targets()).isZero();
  }

  @Test
  void anEmptyQueueTakesEvenAGraphOverTheLimit() {
    InterleavingGraph g = windowOfALongRun();
    ScheduleQueue queue = new ScheduleQueue(100, g.footprintBytes() / 2);
    assertThat(queue.hasRoomFor(g)).isTrue();
    queue.addRound(List.of(plannedOn(g, 1)), 1, null);
    assertThat(queue.hasRoomFor(windowOfALongRun())).isFalse();
  }

  @Test
  void runsAlternateBetweenTheNewestRoundAndTheOldestSchedulesAndDeadlockPlansGoFirst() {
    InterleavingGraph g = windowOfALongRun();
    ScheduleQueue queue = new ScheduleQueue(100, Long.MAX_VALUE);
    queue.addRound(List.of(plannedOn(g, 1), plannedOn(g, 2), plannedOn(g, 3)), 1, null);
    assertThat(key(queue.poll())).isEqualTo(1);
    queue.addRound(List.of(plannedOn(g, 21), plannedOn(g, 22)), 2, null);
    queue.addFirst(plannedOn(g, 99), 2, null);
    assertThat(key(queue.poll())).as("a deadlock plan first").isEqualTo(99);
    queue.addRound(List.of(plannedOn(g, 31), plannedOn(g, 32)), 3, null);
    long[] order = new long[6];
    for (int i = 0; i < order.length; i++) {
      order[i] = key(queue.poll());
    }
    assertThat(order)
        .as("newest round and oldest schedules in turn; an empty side gives way")
        .containsExactly(2, 31, 3, 32, 21, 22);
    assertThat(queue.poll()).isNull();
    assertThat(queue.size()).isZero();
  }

  private static long key(ScheduleQueue.Entry e) {
    return e.plan().targets().get(0).key();
  }
}
