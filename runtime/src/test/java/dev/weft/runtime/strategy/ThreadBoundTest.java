package dev.weft.runtime.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.api.Strategy;
import java.util.List;
import java.util.function.LongFunction;
import org.junit.jupiter.api.Test;

/**
 * Thread bounding (seed 001) on scripted runs where every thread is always enabled: a thread is
 * preempted only by a change point on its own step, so with a bound of one thread no run ever
 * preempts two different threads, while plain PCT and PCTVB at depth 3 do.
 */
class ThreadBoundTest {
  private static final long[][] PROGRAM = {
    {1, 2, 1, 2, 1, 2}, {1, 1, 2, 2, 1, 1}, {2, 1, 2, 1, 2, 1}
  };

  @Test
  void pctBoundToOneThreadPreemptsOnlyThatOne() {
    assertThat(mostThreadsPreempted(seed -> new Pct(3, seed, 1))).isEqualTo(1);
    assertThat(mostThreadsPreempted(seed -> new Pct(3, seed))).isEqualTo(2);
  }

  @Test
  void pctvbBoundToOneThreadPreemptsOnlyThatOne() {
    assertThat(mostThreadsPreempted(seed -> new Pctvb(3, seed, 1))).isEqualTo(1);
    assertThat(mostThreadsPreempted(seed -> new Pctvb(3, seed))).isEqualTo(2);
  }

  @Test
  void theBoundIsInTheDescription() {
    assertThat(new Pct(3, 1, 2).describe()).isEqualTo("pct(d=3, t=2)");
    assertThat(new Pctvb(3, 1, 2).describe()).isEqualTo("pctvb(d=3, v=2, t=2)");
    assertThat(new Pct(3, 1).describe()).isEqualTo("pct(d=3)");
  }

  /** Over 300 runs of 20 seeds each, the most threads one run preempted. */
  private static int mostThreadsPreempted(LongFunction<Strategy> strategies) {
    int most = 0;
    for (long seed = 1; seed <= 20; seed++) {
      Strategy s = strategies.apply(seed);
      for (int run = 0; run < 15; run++) {
        s.beginRun(run);
        most = Math.max(most, preempted(ScriptedPoint.play(s, PROGRAM)));
      }
    }
    return most;
  }

  /** How many threads' events are split into more than one stretch. */
  private static int preempted(List<Integer> order) {
    int[] stretches = new int[PROGRAM.length];
    for (int i = 0; i < order.size(); i++) {
      if (i == 0 || !order.get(i).equals(order.get(i - 1))) {
        stretches[order.get(i)]++;
      }
    }
    int split = 0;
    for (int s : stretches) {
      if (s > 1) {
        split++;
      }
    }
    return split;
  }
}
