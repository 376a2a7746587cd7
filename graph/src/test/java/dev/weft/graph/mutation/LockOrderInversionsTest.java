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

  /** T0..T{n-1} each take lock i then lock i+1 (mod n), one after another: no deadlock here. */
  private static InterleavingGraph ring(int n) {
    TraceBuilder t = new TraceBuilder();
    for (int i = 0; i < n; i++) {
      t.threads("T" + i);
    }
    for (int i = 0; i < n; i++) {
      long first = lock(10 + i);
      long second = lock(10 + (i + 1) % n);
      t.enter(i, first, 1);
      t.enter(i, second, 2);
      t.write(i, X, 3);
      t.exit(i, second, 4);
      t.exit(i, first, 5);
    }
    return t.graph();
  }

  @Test
  void aRingOfFiveThreadsGetsOneScheduleInWhichEveryThreadHoldsItsFirstLock() {
    InterleavingGraph g = ring(5);
    List<Schedule> plans = LockOrderInversions.plan(g, k -> true, 4);
    assertThat(plans).as("one cycle, found once, from its earliest outer enter").hasSize(1);
    Schedule s = plans.get(0);
    int lastFirstEnter = -1;
    int firstSecondEnter = Integer.MAX_VALUE;
    for (int i = 0; i < 5; i++) {
      int t = s.threadIndex("T" + i);
      lastFirstEnter = Math.max(lastFirstEnter, s.position(t, 0));
      firstSecondEnter = Math.min(firstSecondEnter, s.position(t, 1));
    }
    assertThat(lastFirstEnter).isLessThan(firstSecondEnter);
  }

  @Test
  void aChainThatDoesNotCloseIsNoCycle() {
    TraceBuilder t = new TraceBuilder();
    t.threads("T0", "T1", "T2");
    for (int i = 0; i < 3; i++) {
      t.enter(i, lock(10 + i), 1);
      t.enter(i, lock(11 + i), 2);
      t.exit(i, lock(11 + i), 4);
      t.exit(i, lock(10 + i), 5);
    }
    assertThat(LockOrderInversions.plan(t.graph(), k -> true, 4)).isEmpty();
  }
}
