package dev.weft.fuzz.session;

import dev.weft.corpus.campaign.CampaignDirectory;
import dev.weft.corpus.campaign.CampaignSettings;
import dev.weft.fuzz.minimise.MinimiseBudget;
import dev.weft.trace.StableHash;
import java.time.Duration;

/**
 * One session of a campaign: the campaign's settings (after this session's overrides), where it
 * lives, and this session's own budget and console choices.
 *
 * @param iterations stop after this many executions of this session (0: no limit)
 * @param time stop after this long (null: no limit)
 * @param minimise what each new finding may cost to minimise before it is written; null: written as
 *     found ({@code --no-minimize})
 * @param worker this process's worker number, 0 for a campaign run by one process
 * @param inPool whether this is one of several workers: the parent prints the status lines
 * @param corpusSeeds whether the corpus's favoured entries, and other workers' entries, are mutated
 *     again ({@code --no-corpus-seeds} turns it off, to compare)
 * @param restart how many JVMs ran this worker's part of the session before this one (the pool
 *     replaces one whose run left a thread it cannot stop, or that died): mixed into the seed, so
 *     that a replacement does not walk the same fresh runs into the same stuck run again
 */
public record SessionPlan(
    CampaignDirectory directory,
    CampaignSettings settings,
    long iterations,
    Duration time,
    boolean quiet,
    boolean showOutput,
    MinimiseBudget minimise,
    int worker,
    boolean inPool,
    boolean corpusSeeds,
    int restart) {

  /** A session run by this process alone. */
  public SessionPlan(
      CampaignDirectory directory,
      CampaignSettings settings,
      long iterations,
      Duration time,
      boolean quiet,
      boolean showOutput,
      MinimiseBudget minimise) {
    this(directory, settings, iterations, time, quiet, showOutput, minimise, 0, false, true, 0);
  }

  /** This plan's seed: {@link #sessionSeed}, mixed with the restart number after a replacement. */
  public long seed(int session) {
    long seed = sessionSeed(settings.seed(), session, worker);
    return restart == 0 ? seed : StableHash.mixInt(seed, 0x7e57a700 + restart);
  }

  /**
   * The seed session {@code session} runs with: the campaign's seed for the first, mixed with the
   * session number after, so that a resumed campaign does not repeat the fresh runs it already made
   * (a session is still reproducible from the campaign seed and its number). Worker 0 runs with it;
   * other workers with it mixed with their number, so that workers do not repeat each other.
   */
  public static long sessionSeed(long campaignSeed, int session, int worker) {
    long seed = session <= 1 ? campaignSeed : StableHash.mixInt(campaignSeed, session);
    return worker == 0 ? seed : StableHash.mixInt(seed, 0x5eed0000 + worker);
  }
}
