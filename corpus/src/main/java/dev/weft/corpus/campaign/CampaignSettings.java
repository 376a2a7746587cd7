package dev.weft.corpus.campaign;

import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.oracle.ExpectedExceptions;
import dev.weft.runtime.races.RaceMode;
import java.util.List;

/**
 * What {@code campaign.json} records: enough to resume a campaign with nothing but its directory.
 * Budgets of a session ({@code --time}, {@code --iterations}) are not here: they belong to the
 * session that was given them.
 *
 * @param classPath absolute paths, so that a resume from another working directory finds them
 * @param jvmOptions the options of the JVM the target runs in ({@code --jvm-opt})
 * @param threadsBound thread bounding of pct and pctvb ({@code --threads-bound}; 0: off)
 * @param seed the campaign's seed; each session derives its own from it
 * @param graphEvents the segment strategy's graph budget ({@code --graph-events})
 * @param races which data races the oracle reports ({@code --races})
 * @param localObjects whether accesses to thread-local objects are no scheduling points ({@code
 *     --local-objects}; off for campaigns made before it existed, whose corpus was made so)
 * @param targetHash SHA-256 of the class path's files when the campaign last ran
 * @param ignoredExceptions exceptions the target throws on purpose ({@code --ignore-exception}),
 *     which no run of the campaign counts as a finding
 * @param cluster the cluster the campaign takes part in ({@code --cluster}), or null
 */
public record CampaignSettings(
    TargetSpec target,
    List<String> classPath,
    List<String> jvmOptions,
    String strategy,
    int depth,
    int threadsBound,
    long seed,
    RunBudget budget,
    int graphEvents,
    RaceMode races,
    boolean localObjects,
    String targetHash,
    ExpectedExceptions ignoredExceptions,
    ClusterSettings cluster) {

  public CampaignSettings {
    classPath = List.copyOf(classPath);
    jvmOptions = List.copyOf(jvmOptions);
  }

  /** Settings outside a cluster. */
  public CampaignSettings(
      TargetSpec target,
      List<String> classPath,
      List<String> jvmOptions,
      String strategy,
      int depth,
      int threadsBound,
      long seed,
      RunBudget budget,
      int graphEvents,
      RaceMode races,
      boolean localObjects,
      String targetHash,
      ExpectedExceptions ignoredExceptions) {
    this(
        target,
        classPath,
        jvmOptions,
        strategy,
        depth,
        threadsBound,
        seed,
        budget,
        graphEvents,
        races,
        localObjects,
        targetHash,
        ignoredExceptions,
        null);
  }

  /** Settings without expected exceptions, outside a cluster. */
  public CampaignSettings(
      TargetSpec target,
      List<String> classPath,
      List<String> jvmOptions,
      String strategy,
      int depth,
      int threadsBound,
      long seed,
      RunBudget budget,
      int graphEvents,
      RaceMode races,
      boolean localObjects,
      String targetHash) {
    this(
        target,
        classPath,
        jvmOptions,
        strategy,
        depth,
        threadsBound,
        seed,
        budget,
        graphEvents,
        races,
        localObjects,
        targetHash,
        ExpectedExceptions.NONE);
  }

  public CampaignSettings withJvmOptions(List<String> options) {
    return new CampaignSettings(
        target,
        classPath,
        options,
        strategy,
        depth,
        threadsBound,
        seed,
        budget,
        graphEvents,
        races,
        localObjects,
        targetHash,
        ignoredExceptions,
        cluster);
  }

  public CampaignSettings withTargetHash(String hash) {
    return new CampaignSettings(
        target,
        classPath,
        jvmOptions,
        strategy,
        depth,
        threadsBound,
        seed,
        budget,
        graphEvents,
        races,
        localObjects,
        hash,
        ignoredExceptions,
        cluster);
  }
}
