package dev.weft.fuzz.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.corpus.campaign.CampaignDirectory;
import dev.weft.corpus.campaign.CampaignSettings;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.races.RaceMode;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The seeds of sessions, workers and their replacement JVMs. */
class SessionPlanTest {
  private static SessionPlan plan(int worker, int restart) {
    CampaignSettings settings =
        new CampaignSettings(
            TargetSpec.main("p.Main", List.of()),
            List.of(),
            List.of(),
            "segment",
            3,
            0,
            42,
            RunBudget.DEFAULT,
            100_000,
            RaceMode.DEFAULT,
            true,
            "");
    return new SessionPlan(
        new CampaignDirectory(Path.of("unused")),
        settings,
        0,
        null,
        true,
        false,
        null,
        worker,
        true,
        true,
        restart);
  }

  @Test
  void theFirstJvmOfASessionRunsWithTheSessionSeedAsBefore() {
    assertThat(plan(0, 0).seed(1)).isEqualTo(42);
    assertThat(plan(1, 0).seed(2)).isEqualTo(SessionPlan.sessionSeed(42, 2, 1));
  }

  /** A replacement that walked the same fresh runs would reach the same stuck run again. */
  @Test
  void everyReplacementOfAWorkerRunsWithASeedOfItsOwn() {
    Set<Long> seeds = new HashSet<>();
    for (int worker = 0; worker < 3; worker++) {
      for (int restart = 0; restart < 4; restart++) {
        seeds.add(plan(worker, restart).seed(1));
      }
    }
    assertThat(seeds).hasSize(12);
  }
}
