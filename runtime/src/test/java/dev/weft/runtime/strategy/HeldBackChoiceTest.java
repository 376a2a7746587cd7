package dev.weft.runtime.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.HeldBackChoice;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.SchedulingPoint;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.targets.pass.spin.Spins;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * A strategy may choose a thread the scheduler holds back as polling; the choice is recorded with
 * its point, even where only one other thread was offered, and a replay takes it at the same point.
 */
class HeldBackChoiceTest {

  /** Chooses a held-back thread at every third point that has one, else the first offered. */
  private static final class TakesHeldBack implements Strategy {
    int heldBackPoints;
    int taken;

    @Override
    public int choose(SchedulingPoint point) {
      if (point.heldBackCount() > 0 && heldBackPoints++ % 3 == 0) {
        taken++;
        return point.enabledCount() + point.heldBackCount() - 1;
      }
      return 0;
    }

    @Override
    public String describe() {
      return "takes held-back threads";
    }
  }

  @Test
  void aHeldBackChoiceIsRecordedWithItsPointAndReplayedThere() throws Exception {
    RunExecutor executor = Harness.executor(Spins.class, "spinsHandOffBothWays");
    TakesHeldBack strategy = new TakesHeldBack();
    RunResult recorded = executor.execute(strategy, 1);
    assertThat(recorded.outcome()).isEqualTo(RunResult.Outcome.PASSED);
    assertThat(strategy.taken)
        .as("the spin-wait polled while the other thread could run")
        .isPositive();
    long markers = Arrays.stream(recorded.decisions()).filter(HeldBackChoice::isMarker).count();
    assertThat(markers).isEqualTo(strategy.taken);

    for (int i = 0; i < 5; i++) {
      RunResult replayed = executor.execute(new ReplayStrategy(recorded.decisions()), i + 2);
      assertThat(replayed.outcome())
          .as("replay %d: %s", i, replayed.diagnostic())
          .isEqualTo(RunResult.Outcome.PASSED);
      assertThat(replayed.decisions()).containsExactly(recorded.decisions());
      assertThat(threadOrder(replayed)).containsExactly(threadOrder(recorded));
    }
  }

  @Test
  void aReplayWithoutTheHeldBackChoicesRunsOtherwise() throws Exception {
    RunExecutor executor = Harness.executor(Spins.class, "spinsHandOffBothWays");
    RunResult recorded = executor.execute(new TakesHeldBack(), 1);
    int[] ordinary =
        java.util.stream.IntStream.range(0, recorded.decisions().length)
            .filter(
                i ->
                    !HeldBackChoice.isMarker(recorded.decisions()[i])
                        && (i == 0 || !HeldBackChoice.isMarker(recorded.decisions()[i - 1])))
            .map(i -> recorded.decisions()[i])
            .toArray();
    RunResult replayed = executor.execute(new ReplayStrategy(ordinary), 2);
    assertThat(threadOrder(replayed)).isNotEqualTo(threadOrder(recorded));
  }

  private static int[] threadOrder(RunResult r) {
    int[] order = new int[r.trace().size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = r.trace().thread(i);
    }
    return order;
  }
}
