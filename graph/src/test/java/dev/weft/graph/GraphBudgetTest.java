package dev.weft.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GraphBudgetTest {
  @ParameterizedTest(name = "{0} events, budget {1}")
  @CsvSource({"1000, 1000", "1001, 1000", "10000, 1000", "10999, 1000", "3000000, 200000"})
  void turnsTakeEveryWindowOnceEachBoundedAndCoveringTheRun(int events, int max) {
    GraphBudget budget = new GraphBudget(max);
    int count = budget.windows(events);
    Set<TraceWindow> taken = new HashSet<>();
    boolean[] covered = new boolean[events];
    for (int turn = 0; turn < count; turn++) {
      TraceWindow w = budget.window(events, turn);
      assertThat(w.size()).isLessThanOrEqualTo(max);
      assertThat(w.to()).isLessThanOrEqualTo(events);
      assertThat(taken.add(w)).as("turn %d repeats %s", turn, w).isTrue();
      for (int v = w.from(); v < w.to(); v++) {
        covered[v] = true;
      }
    }
    for (int v = 0; v < events; v++) {
      assertThat(covered[v]).as("event %d", v).isTrue();
    }
    assertThat(budget.window(events, count)).isEqualTo(budget.window(events, 0));
    assertThat(budget.window(events, 0).to()).as("the first turn takes the end").isEqualTo(events);
  }

  @ParameterizedTest(name = "{0} events, budget {1}")
  @CsvSource({"10000, 1000", "10999, 1000", "54321, 4000"})
  void everyStretchOfHalfAWindowLiesWhollyInOne(int events, int max) {
    GraphBudget budget = new GraphBudget(max);
    for (int from = 0; from + max / 2 <= events; from += 7) {
      boolean inOne = false;
      for (int turn = 0; turn < budget.windows(events) && !inOne; turn++) {
        TraceWindow w = budget.window(events, turn);
        inOne = w.from() <= from && from + max / 2 <= w.to();
      }
      assertThat(inOne).as("[%d, %d)", from, from + max / 2).isTrue();
    }
  }

  @ParameterizedTest(name = "{0} events")
  @CsvSource({"500", "1000"})
  void aRunWithinTheBudgetIsOneWholeWindow(int events) {
    GraphBudget budget = new GraphBudget(1000);
    assertThat(budget.window(events, 5)).isEqualTo(TraceWindow.whole(events));
    assertThat(budget.windowAt(events, 300)).isEqualTo(TraceWindow.whole(events));
  }

  @ParameterizedTest(name = "from {0}")
  @CsvSource({"0, 0", "4000, 4000", "9500, 9000"})
  void aFollowingRunIsAnalysedWhereItsScheduleWasPlanned(int from, int expected) {
    assertThat(new GraphBudget(1000).windowAt(10_000, from))
        .isEqualTo(new TraceWindow(expected, expected + 1000));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"0", "999"})
  void refusesBudgetsTooSmallToHoldASegment(int max) {
    assertThatThrownBy(() -> new GraphBudget(max)).isInstanceOf(IllegalArgumentException.class);
  }
}
