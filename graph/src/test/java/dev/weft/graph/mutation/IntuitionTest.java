package dev.weft.graph.mutation;

import static dev.weft.graph.TraceBuilder.field;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.graph.InterleavingGraph;
import dev.weft.graph.TraceBuilder;
import dev.weft.graph.segment.Coverage;
import dev.weft.graph.segment.SegmentEnumerator;
import dev.weft.graph.segment.SegmentOptions;
import dev.weft.graph.segment.Segments;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Seed 002's intuition, on a recorded trace. */
class IntuitionTest {
  /** The event orders of the schedules that one mutation round plans from the recorded run. */
  private static List<List<String>> firstRoundOrders(TraceBuilder t, long seed) {
    InterleavingGraph g = t.graph();
    Segments segments = new SegmentEnumerator(SegmentOptions.DEFAULT).enumerate(g);
    Coverage coverage = new Coverage();
    coverage.addAll(segments);
    HarmoniousSelection.Plan plan =
        new InterleavingMutation(new Random(seed), 64)
            .mutate(g, segments, k -> !coverage.contains(k));
    List<List<String>> orders = new ArrayList<>();
    for (PlannedSchedule p : plan.schedules()) {
      orders.add(List.of(p.schedule().describeOrder()));
    }
    return orders;
  }

  @Test
  void firstMutationRoundMovesTheWriteBetweenTheTwoReads() {
    TraceBuilder t = new TraceBuilder().threads("reader", "writer");
    long x = field(1, 1);
    t.read(0, x, 1);
    t.read(0, x, 2);
    t.write(1, x, 3);
    assertThat(firstRoundOrders(t, 1)).contains(List.of("reader#0", "writer#0", "reader#1"));
  }

  @Test
  void aFlipInsideACriticalSectionMovesTheWholeSection() {
    // A: lock; write r; unlock; lock; read r; write c; unlock   B: lock; read c; read r; unlock
    TraceBuilder t = new TraceBuilder().threads("A", "B");
    long l = TraceBuilder.lock(5);
    long r = field(5, 1);
    long c = field(5, 2);
    t.enter(0, l, 1);
    t.write(0, r, 2);
    t.exit(0, l, 3);
    t.enter(0, l, 4);
    t.read(0, r, 5);
    t.write(0, c, 6);
    t.exit(0, l, 7);
    t.enter(1, l, 8);
    t.read(1, c, 9);
    t.read(1, r, 10);
    t.exit(1, l, 11);
    // B's section between A's two sections (the torn read of seed 004's circle): B reads c
    // before A writes it and reads r after A wrote it, so B's whole section runs in between.
    boolean torn = false;
    for (List<String> order : firstRoundOrders(t, 3)) {
      torn |=
          order.indexOf("B#1") < order.indexOf("A#5")
              && order.indexOf("A#2") < order.indexOf("B#0")
              && order.indexOf("B#3") < order.indexOf("A#3");
    }
    assertThat(torn).isTrue();
  }
}
