package dev.weft.graph.mutation;

import static dev.weft.graph.TraceBuilder.field;
import static dev.weft.graph.TraceBuilder.lock;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.graph.InterleavingGraph;
import dev.weft.graph.TraceBuilder;
import java.util.List;
import org.junit.jupiter.api.Test;

class LockOrderInversionsTest {
  private static final long A = lock(1);
  private static final long B = lock(2);
  private static final long X = field(3, 1);

  /** T0 takes A then B, and later T1 takes B then A: no deadlock in this run. */
  private static InterleavingGraph inversion(boolean opposite) {
    TraceBuilder t = new TraceBuilder();
    t.threads("T0", "T1");
    t.enter(0, A, 1); // 0
    t.enter(0, B, 2); // 1
    t.write(0, X, 3); // 2
    t.exit(0, B, 4); // 3
    t.exit(0, A, 5); // 4
    t.enter(1, opposite ? B : A, 6); // 5
    t.enter(1, opposite ? A : B, 7); // 6
    t.write(1, X, 8); // 7
    t.exit(1, opposite ? A : B, 9); // 8
    t.exit(1, opposite ? B : A, 10); // 9
    return t.graph();
  }

  @Test
  void holdsTheFirstThreadAfterItsOuterEnterUntilTheOtherHasEnteredItsOwn() {
    InterleavingGraph g = inversion(true);
    List<Schedule> plans = LockOrderInversions.plan(g, k -> true, 4);
    assertThat(plans).hasSize(1);
    Schedule s = plans.get(0);
    int t0 = s.threadIndex("T0");
    int t1 = s.threadIndex("T1");
    // T0 enters A, then T1 enters B, then T0 tries B (blocks) and T1 tries A: the deadlock
    assertThat(s.position(t0, 0)).isLessThan(s.position(t1, 0));
    assertThat(s.position(t1, 0)).isLessThan(s.position(t0, 1));
    assertThat(s.position(t0, 1)).isLessThan(s.position(t1, 1));
  }

  @Test
  void plansNothingForLocksTakenInOneOrderAndNothingTwiceForOneInversion() {
    assertThat(LockOrderInversions.plan(inversion(false), k -> true, 4)).isEmpty();
    it.unimi.dsi.fastutil.longs.LongOpenHashSet tried =
        new it.unimi.dsi.fastutil.longs.LongOpenHashSet();
    assertThat(LockOrderInversions.plan(inversion(true), tried::add, 4)).hasSize(1);
    assertThat(LockOrderInversions.plan(inversion(true), tried::add, 4)).isEmpty();
  }
}
