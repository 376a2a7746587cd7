package dev.weft.fuzz.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.strategy.RandomWalk;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The portfolio runs what pays, follows a change in what pays, and is deterministic by seed. */
class FreshRunPortfolioTest {
  private static FreshRunPortfolio portfolio(long seed) {
    return new FreshRunPortfolio(
        List.of(
            new FreshRunPortfolio.Arm("a", new RandomWalk(1)),
            new FreshRunPortfolio.Arm("b", new RandomWalk(2)),
            new FreshRunPortfolio.Arm("c", new RandomWalk(3))),
        seed);
  }

  /** Arm {@code payer} finds a new key on every run, the others never. */
  private static int[] play(FreshRunPortfolio p, String payer, int runs) {
    int[] chosen = new int[3];
    for (int i = 0; i < runs; i++) {
      FreshRunPortfolio.Arm arm = p.choose();
      chosen[arm.name.charAt(0) - 'a']++;
      p.reward(arm, arm.name.equals(payer) ? 1 : 0);
    }
    return chosen;
  }

  @Test
  void theArmThatAddsKeysGetsMostRunsAndTheOthersStillSomeAndTheStatsSaySo() {
    FreshRunPortfolio p = portfolio(5);
    int[] chosen = play(p, "b", 1_000);
    assertThat(chosen[1]).isGreaterThan(850);
    assertThat(chosen[0] + chosen[2]).isPositive();
    assertThat(p.stats().get("freshRuns.b").longValue()).isEqualTo(chosen[1]);
    assertThat(p.stats().get("freshKeys.b").longValue()).isEqualTo(chosen[1]);
    assertThat(p.stats().get("freshKeys.a").longValue()).isZero();
  }

  @Test
  void whenThePayingArmDriesUpAnotherTakesOver() {
    FreshRunPortfolio p = portfolio(9);
    play(p, "a", 500);
    int[] later = play(p, "c", 1_000);
    assertThat(later[2]).isGreaterThan(700);
  }

  @Test
  void anArmThatCannotRunIsNeverDrawnUntilItCan() {
    boolean[] ready = {false};
    FreshRunPortfolio p =
        new FreshRunPortfolio(
            List.of(
                new FreshRunPortfolio.Arm("a", new RandomWalk(1)),
                new FreshRunPortfolio.Arm("b", new RandomWalk(2), () -> ready[0])),
            4);
    assertThat(play(p, "b", 300)[1]).isZero();
    ready[0] = true;
    assertThat(play(p, "b", 300)[1]).isGreaterThan(200);
  }

  @Test
  void theSameSeedMakesTheSameChoices() {
    FreshRunPortfolio one = portfolio(3);
    FreshRunPortfolio two = portfolio(3);
    for (int i = 0; i < 200; i++) {
      FreshRunPortfolio.Arm x = one.choose();
      FreshRunPortfolio.Arm y = two.choose();
      assertThat(x.name).isEqualTo(y.name);
      one.reward(x, i % 3);
      two.reward(y, i % 3);
    }
  }
}
