package dev.weft.dashboard;

import dev.weft.corpus.campaign.CampaignDirectory;
import dev.weft.corpus.campaign.CampaignFile;
import dev.weft.corpus.campaign.CampaignSettings;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.races.RaceMode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A campaign directory with settings but no runs, whose stats log a benchmark or test then writes
 * with values it chose: the dashboard's input of any length without fuzzing for days.
 */
public final class SyntheticCampaign {
  private SyntheticCampaign() {}

  public static CampaignDirectory create(Path root) throws IOException {
    CampaignDirectory dir = new CampaignDirectory(root);
    dir.createDirectories();
    CampaignFile.write(
        new CampaignSettings(
            TargetSpec.main("com.acme.Queue", List.of()),
            List.of(root.resolve("classes").toString()),
            List.of(),
            "segment",
            2,
            0,
            1,
            new RunBudget(1000, 5000, 200),
            50_000,
            RaceMode.DEFAULT,
            true,
            "sha256:00"),
        dir.campaignFile());
    return dir;
  }
}
