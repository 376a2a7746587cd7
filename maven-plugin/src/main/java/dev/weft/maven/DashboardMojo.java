package dev.weft.maven;

import dev.weft.corpus.campaign.CampaignDirectory;
import dev.weft.runtime.exec.TargetSpec;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;

/**
 * {@code mvn weft:dashboard -Dweft.test=com.acme.AccountTest#deposits}: writes the dashboard of
 * that test's campaign, {@code target/weft/<class>#<method>/dashboard.html}, one page that opens
 * from disk (progress, coverage, findings, the interleaving map); safe while the campaign runs.
 */
@Mojo(name = "dashboard", requiresProject = true, threadSafe = true)
public final class DashboardMojo extends WeftMojo {
  @Override
  public void execute() throws MojoExecutionException {
    if (skip) {
      getLog().info("[weft] skipped (weft.skip)");
      return;
    }
    TargetSpec target = target();
    Path campaign = campaignDirectory(target);
    boolean holds = new CampaignDirectory(campaign).holdsCampaign();
    if (!module("dashboard", target).runsHere(holds, "campaign of " + target.describe())) {
      return;
    }
    if (!holds) {
      throw new MojoExecutionException(
          campaign
              + " holds no campaign: run mvn weft:fuzz -Dweft.test="
              + target.describe()
              + " first");
    }
    int code = weftJvm().run(List.of("dashboard", campaign.toString()));
    if (code != WeftExit.NOTHING_FOUND) {
      throw new MojoExecutionException(
          "weft dashboard on " + campaign + " ended with " + WeftExit.describe(code));
    }
  }
}
