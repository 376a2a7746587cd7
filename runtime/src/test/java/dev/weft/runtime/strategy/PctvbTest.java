package dev.weft.runtime.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;

/**
 * PCTVB's choices follow seed 001's definition on scripted runs: variables and change points are
 * drawn from what earlier runs accessed, and a thread's priority drops right after it makes the
 * chosen access, not before and not at any other access.
 */
class PctvbTest {
  private static final long A = 1;
  private static final long B = 2;
  private static final long C = 3;

  /** Thread 0 hammers A; thread 1 touches B once and C once, among A accesses. */
  private static final long[][] PROGRAM = {{A, A, A, A, A, A, A, A, A, A}, {A, B, A, C, A}};

  @Test
  void theFirstRunHasNoChangePointsAndTeachesTheAccessCounts() {
    Pctvb pctvb = new Pctvb(3, 1);
    List<Integer> order = run(pctvb, PROGRAM);
    assertThat(order).hasSize(15);
    assertThat(pctvb.mostAccesses(A)).isEqualTo(13);
    assertThat(pctvb.mostAccesses(B)).isEqualTo(1);
    assertThat(pctvb.mostAccesses(C)).isEqualTo(1);
    // no change point: the thread with the higher priority runs to its end first
    assertThat(switches(order)).isEqualTo(1);
  }

  @RepeatedTest(30)
  void theRunningThreadDropsRightAfterItMakesTheChosenAccess(RepetitionInfo info) {
    Pctvb pctvb = new Pctvb(2, info.getCurrentRepetition());
    run(pctvb, PROGRAM);
    pctvb.beginRun(2);
    long[] chosen = pctvb.chosenVariables();
    long[] points = pctvb.changePoints();
    assertThat(chosen).hasSize(1).containsAnyOf(A, B, C);
    assertThat(points).hasSize(1);
    long variable = chosen[(int) (points[0] >>> 32)];
    int access = (int) points[0];
    assertThat(access).isBetween(1, pctvb.mostAccesses(variable));

    List<Integer> order = continueRun(pctvb, PROGRAM);
    List<Integer> expected = expected(order.get(0), variable, access);
    assertThat(order)
        .as("change point: access %d of variable %d", access, variable)
        .isEqualTo(expected);
  }

  @Test
  void aRarelyAccessedVariableIsChosenAsOftenAsAHotOne() {
    Pctvb pctvb = new Pctvb(2, 7);
    run(pctvb, PROGRAM);
    int[] chosenCount = new int[4];
    for (int r = 0; r < 3_000; r++) {
      pctvb.beginRun(r);
      chosenCount[(int) pctvb.chosenVariables()[0]]++;
      continueRun(pctvb, PROGRAM);
    }
    // A has 13 of the 15 accesses, yet each of A, B, C is chosen about a third of the time
    for (long q : new long[] {A, B, C}) {
      assertThat(chosenCount[(int) q]).as("variable %d", q).isBetween(850, 1150);
    }
  }

  /**
   * The order PCTVB must produce when {@code first} has the higher priority: it runs until it has
   * made access {@code access} to {@code variable} (counting both threads' accesses, in run order),
   * then the other runs to its end, then it finishes.
   */
  private static List<Integer> expected(int first, long variable, int access) {
    int other = 1 - first;
    List<Integer> order = new ArrayList<>();
    int[] next = new int[2];
    int count = 0;
    boolean dropped = false;
    while (next[first] < PROGRAM[first].length && !dropped) {
      long q = PROGRAM[first][next[first]++];
      order.add(first);
      if (q == variable && ++count == access) {
        dropped = true;
      }
    }
    while (next[other] < PROGRAM[other].length) {
      long q = PROGRAM[other][next[other]++];
      order.add(other);
      if (q == variable && ++count == access) {
        // the other thread drops too, but it is alone until the first resumes: it runs on
        dropped = true;
      }
    }
    while (next[first] < PROGRAM[first].length) {
      next[first]++;
      order.add(first);
    }
    return order;
  }

  private static int switches(List<Integer> order) {
    int n = 0;
    for (int i = 1; i < order.size(); i++) {
      if (!order.get(i).equals(order.get(i - 1))) {
        n++;
      }
    }
    return n;
  }

  private static List<Integer> run(Pctvb pctvb, long[][] program) {
    pctvb.beginRun(1);
    return continueRun(pctvb, program);
  }

  /** Plays the scripted program to its end under {@code pctvb}, already begun. */
  private static List<Integer> continueRun(Pctvb pctvb, long[][] program) {
    return ScriptedPoint.play(pctvb, program);
  }
}
