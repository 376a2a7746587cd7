package dev.weft.runtime.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * SURW's choices follow its definition on scripted runs: with the threads' event counts learnt,
 * every interleaving of the interesting events is about equally likely (where a plain random walk
 * is far from it), and events on variables only one thread touches run without a choice.
 */
class SurwTest {
  private static final long SHARED = 1;
  private static final long MINE = 2;
  private static final long ALSO_MINE = 3;

  /** Thread 0 makes nine accesses to a shared variable, thread 1 one. */
  private static final long[][] LONG_AND_SHORT = {
    {SHARED, SHARED, SHARED, SHARED, SHARED, SHARED, SHARED, SHARED, SHARED}, {SHARED}
  };

  @Test
  void theShortThreadsAccessLandsUniformlyAmongTheLongThreads() {
    Surw surw = new Surw(42);
    run(surw, LONG_AND_SHORT);
    run(surw, LONG_AND_SHORT);
    assertThat(surw.estimate("main")).isEqualTo(9);
    assertThat(surw.estimate("main.1")).isEqualTo(1);
    int[] position = new int[10];
    int runs = 5_000;
    for (int r = 0; r < runs; r++) {
      List<Integer> order = run(surw, LONG_AND_SHORT);
      position[order.indexOf(1)]++;
    }
    // ten interleavings, each about 500 times; a uniform choice per step would give position 0
    // about 2,500 times
    for (int p = 0; p < 10; p++) {
      assertThat(position[p]).as("position %d", p).isBetween(380, 620);
    }
  }

  @Test
  void accessesToVariablesNobodySharesRunWithoutAChoice() {
    long[][] program = {{MINE, MINE, SHARED, MINE}, {ALSO_MINE, SHARED, ALSO_MINE}};
    Surw surw = new Surw(3);
    run(surw, program);
    for (int r = 0; r < 200; r++) {
      List<Integer> order = run(surw, program);
      // before either shared access, each thread's private accesses have all run: thread 0's two
      // and thread 1's one come before the first shared access
      int firstShared = firstShared(program, order);
      assertThat(firstShared).as("%s", order).isEqualTo(3);
    }
  }

  /** The step at which the first access to SHARED ran. */
  private static int firstShared(long[][] program, List<Integer> order) {
    int[] next = new int[program.length];
    for (int i = 0; i < order.size(); i++) {
      int t = order.get(i);
      if (program[t][next[t]++] == SHARED) {
        return i;
      }
    }
    return -1;
  }

  private static List<Integer> run(Surw surw, long[][] program) {
    surw.beginRun(1);
    return ScriptedPoint.play(surw, program);
  }
}
