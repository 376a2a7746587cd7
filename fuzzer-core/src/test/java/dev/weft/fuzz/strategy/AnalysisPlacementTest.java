package dev.weft.fuzz.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The placement that made runs faster in the trial is kept, and tried again later. */
class AnalysisPlacementTest {
  /** A clock on which a run analysed in one place takes 10 µs, in the other 30 µs. */
  private static final class Clock {
    long now;
  }

  @ParameterizedTest(name = "helper faster: {0}")
  @ValueSource(booleans = {true, false})
  void keepsTheFasterPlacementUntilTheNextTrial(boolean helperFaster) {
    Clock clock = new Clock();
    AnalysisPlacement placement = new AnalysisPlacement(true, false, () -> clock.now);
    int trialRuns = 4 * AnalysisPlacement.TRIAL;
    int inBackground = 0;
    for (int run = 0; run < trialRuns; run++) {
      boolean background = placement.nextInBackground();
      inBackground += background ? 1 : 0;
      clock.now += background == helperFaster ? 10_000 : 30_000;
    }
    assertThat(inBackground).as("half the trial each way").isEqualTo(trialRuns / 2);
    for (int run = 0; run < AnalysisPlacement.KEEP; run++) {
      assertThat(placement.nextInBackground())
          .as("run %d after the trial", run)
          .isEqualTo(helperFaster);
      clock.now += 10_000;
    }
    assertThat(placement.nextInBackground()).as("a new trial starts on the helper").isTrue();
  }

  @Test
  void withTheHelperAlwaysEveryAnalysisGoesToIt() {
    AnalysisPlacement placement = new AnalysisPlacement(true, true, () -> 0);
    for (int run = 0; run < 2 * AnalysisPlacement.KEEP; run++) {
      assertThat(placement.nextInBackground()).isTrue();
    }
  }

  @Test
  void withoutAHelperEveryAnalysisIsInline() {
    AnalysisPlacement placement = new AnalysisPlacement(false, false, () -> 0);
    for (int run = 0; run < 2 * AnalysisPlacement.KEEP; run++) {
      assertThat(placement.nextInBackground()).isFalse();
    }
  }
}
