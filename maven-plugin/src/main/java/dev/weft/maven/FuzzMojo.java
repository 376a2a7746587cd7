package dev.weft.maven;

import dev.weft.corpus.SavedFindings;
import dev.weft.corpus.campaign.CampaignDirectory;
import dev.weft.runtime.exec.TargetSpec;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Execute;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * {@code mvn weft:fuzz -Dweft.test=com.acme.AccountTest#deposits}: a {@code weft fuzz} campaign on
 * one test method with the project's test class path, in {@code target/weft/<class>#<method>/} (a
 * campaign directory like any other: {@code weft status}, {@code cmin}, {@code tmin} and {@code
 * dashboard} take it, and the next {@code weft:fuzz} resumes it). The tests are compiled first.
 * When the session ends, the campaign's status is printed, its new findings are saved where
 * {@code @WeftTest} replays them, and a campaign with findings fails the build.
 */
@Mojo(
    name = "fuzz",
    requiresDependencyResolution = ResolutionScope.TEST,
    requiresProject = true,
    threadSafe = true)
@Execute(phase = LifecyclePhase.TEST_COMPILE)
public final class FuzzMojo extends WeftMojo {
  /** How long this session fuzzes, e.g. {@code 60s}, {@code 10m}, {@code 8h}. */
  @Parameter(property = "weft.time", defaultValue = "10m")
  String time;

  /** Most executions in this session (as well as the time, whichever ends first). */
  @Parameter(property = "weft.iterations")
  Long iterations;

  /** Worker JVMs, one per core given to the campaign. */
  @Parameter(property = "weft.workers", defaultValue = "1")
  int workers;

  /** The campaign's seed (a new campaign's default: chosen at random and recorded). */
  @Parameter(property = "weft.seed")
  Long seed;

  /** The search strategy (a new campaign's default: segment). */
  @Parameter(property = "weft.strategy")
  String strategy;

  /** Whether a campaign with findings fails the build. */
  @Parameter(property = "weft.failOnFinding", defaultValue = "true")
  boolean failOnFinding;

  /**
   * The root under which findings are saved per class and method, where @WeftTest reads them
   * (default: {@code src/test/resources/weft} in the module, as for @WeftTest).
   */
  @Parameter(property = "weft.findings")
  File findings;

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("[weft] skipped (weft.skip)");
      return;
    }
    TargetSpec target = target();
    if (!module("fuzz", target).runsHere(holds(target), "test class " + target.className())) {
      return;
    }
    Path campaign = campaignDirectory(target);
    WeftJvm weft = weftJvm();
    List<String> fuzz =
        new FuzzArguments(target.describe(), testClassPath(), campaign)
            .option("--time", time)
            .option("--iterations", iterations)
            .option("--workers", workers)
            .option("--seed", seed)
            .option("--strategy", strategy)
            .jvmOptions(jvmOptions)
            .toList();
    int code = weft.run(fuzz);
    if (code != WeftExit.NOTHING_FOUND && code != WeftExit.FOUND) {
      throw new MojoExecutionException(
          "weft fuzz on " + target.describe() + " ended with " + WeftExit.describe(code));
    }
    if (weft.run(List.of("status", campaign.toString())) != WeftExit.NOTHING_FOUND) {
      getLog().warn("[weft] weft status could not read " + campaign);
    }
    Path root =
        findings != null
            ? findings.toPath()
            : project.getBasedir().toPath().resolve(SavedFindings.DEFAULT_ROOT);
    SavedFindings saved = new SavedFindings(root, target.className(), target.methodName());
    CampaignDirectory dir = new CampaignDirectory(campaign);
    String report;
    try {
      List<Path> savedNow = saved.saveNew(dir.findings());
      for (Path file : savedNow) {
        getLog().info("[weft] saved " + file + ": @WeftTest replays it from now on");
      }
      if (code == WeftExit.NOTHING_FOUND) {
        return;
      }
      report =
          FindingsReport.of(
              target.describe(), dir.findings(), saved, savedNow, project.getBasedir().toPath());
    } catch (IOException e) {
      throw new MojoExecutionException("cannot save the findings of " + campaign + ": " + e, e);
    }
    if (failOnFinding) {
      throw new MojoFailureException(report);
    }
    getLog().warn(report);
  }
}
