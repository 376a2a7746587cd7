package dev.weft.runtime.strategy;

import static dev.weft.runtime.strategy.ScriptedPoint.start;
import static dev.weft.runtime.strategy.ScriptedPoint.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * SURW's choices follow its definition on scripted runs: each run selects one shared variable in
 * proportion to its accesses; with the threads' counts learnt, every interleaving of the selected
 * variable's accesses is about equally likely (where a plain random walk is far from it), also when
 * a thread starts another after some of them; and the steps between interesting events change
 * nothing of it.
 */
class SurwTest {
  private static final long SHARED = 1;
  private static final long MINE = 2;
  private static final long OTHER = 3;
  private static final long READ_ONLY = 4;

  /** Thread 0 makes nine writes to a shared variable, thread 1 one read. */
  private static final long[][] LONG_AND_SHORT = {
    {
      write(SHARED),
      write(SHARED),
      write(SHARED),
      write(SHARED),
      write(SHARED),
      write(SHARED),
      write(SHARED),
      write(SHARED),
      write(SHARED)
    },
    {SHARED}
  };

  @Test
  void theShortThreadsAccessLandsUniformlyAmongTheLongThreads() {
    Surw surw = new Surw(42);
    run(surw, LONG_AND_SHORT);
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

  /**
   * Main writes X, then starts a thread that writes X four times; another thread writes X once. Its
   * write lands in one of six places among main's and the child's five, each as likely: main weighs
   * its own write and its child's four, so the lone thread goes first one run in six, not one in
   * two.
   */
  @Test
  void aThreadWeighsTheEventsOfTheThreadsItStarts() {
    long[][] program = {
      {write(SHARED), start(2)},
      {write(SHARED)},
      {write(SHARED), write(SHARED), write(SHARED), write(SHARED)}
    };
    Surw surw = new Surw(7);
    run(surw, program);
    int[] position = new int[6];
    int runs = 6_000;
    for (int r = 0; r < runs; r++) {
      List<Integer> order = run(surw, program);
      // the lone thread's write among the six writes: the steps before it but main's start
      int at = order.indexOf(1);
      long mainSteps = order.subList(0, at).stream().filter(t -> t == 0).count();
      int writesBefore = mainSteps == 2 ? at - 1 : at;
      position[writesBefore]++;
    }
    for (int p = 0; p < 6; p++) {
      assertThat(position[p])
          .as("position %d: %s", p, Arrays.toString(position))
          .isBetween(800, 1200);
    }
  }

  /**
   * Each run's interesting events are the accesses to one variable that two threads access and one
   * writes, drawn in proportion to its accesses: X (four) twice as often as Y (two); the variable
   * only thread 0 accesses and the one nobody writes never.
   */
  @Test
  void eachRunSelectsOneSharedVariableInProportionToItsAccesses() {
    long[][] program = {
      {write(SHARED), write(SHARED), MINE, write(MINE), write(OTHER), READ_ONLY, write(SHARED)},
      {SHARED, OTHER, READ_ONLY}
    };
    Surw surw = new Surw(5);
    run(surw, program);
    int shared = 0;
    int other = 0;
    int runs = 3_000;
    for (int r = 0; r < runs; r++) {
      surw.beginRun(r + 2);
      long selected = surw.selectedVariable();
      assertThat(selected).isIn(SHARED, OTHER);
      shared += selected == SHARED ? 1 : 0;
      other += selected == OTHER ? 1 : 0;
      ScriptedPoint.play(surw, program);
    }
    assertThat(shared).isBetween(1_850, 2_150);
    assertThat(other).isBetween(850, 1_150);
  }

  /**
   * The flag race: the writer sets the flag, takes {@code steps} steps on a variable of its own,
   * then writes the payload; the reader reads the flag, then the payload. The bug (the reader sees
   * the flag and not the payload) is about as likely with 20 steps between the writes as with none:
   * the steps are no interesting events and cost no draw.
   */
  @Test
  void stepsBetweenInterestingEventsDoNotMakeTheBugRarer() {
    double none = bugRate(0);
    double three = bugRate(3);
    double twenty = bugRate(20);
    assertThat(none).isGreaterThan(0.05);
    assertThat(three).isGreaterThan(none * 0.7);
    assertThat(twenty).isGreaterThan(none * 0.7);
  }

  private static final long FLAG = 11;
  private static final long PAYLOAD = 12;
  private static final long WORK = 13;

  private static double bugRate(int steps) {
    long[] writer = new long[steps + 2];
    writer[0] = write(FLAG);
    Arrays.fill(writer, 1, steps + 1, write(WORK));
    writer[steps + 1] = write(PAYLOAD);
    long[][] program = {writer, {FLAG, PAYLOAD}};
    Surw surw = new Surw(19);
    int runs = 4_000;
    int bugs = 0;
    for (int r = 0; r < runs; r++) {
      List<Integer> order = run(surw, program);
      int flagWrite = order.indexOf(0);
      int flagRead = order.indexOf(1);
      int payloadRead = order.lastIndexOf(1);
      int payloadWrite = order.lastIndexOf(0);
      bugs += flagWrite < flagRead && payloadRead < payloadWrite ? 1 : 0;
    }
    return bugs / (double) runs;
  }

  private static List<Integer> run(Surw surw, long[][] program) {
    surw.beginRun(1);
    return ScriptedPoint.play(surw, program);
  }
}
