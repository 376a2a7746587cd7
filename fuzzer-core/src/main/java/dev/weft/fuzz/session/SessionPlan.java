package dev.weft.fuzz.session;

import dev.weft.corpus.campaign.CampaignDirectory;
import dev.weft.corpus.campaign.CampaignSettings;
import dev.weft.fuzz.minimise.MinimiseBudget;
import dev.weft.runtime.trace.StableHash;
import java.time.Duration;

/**
 * One session of a campaign: the campaign's settings (after this session's overrides), where it
 * lives, and this session's own budget and console choices.
 *
 * @param iterations stop after this many executions of this session (0: no limit)
 * @param time stop after this long (null: no limit)
 * @param minimise what each new finding may cost to minimise before it is written; null: written as
 *     found ({@code --no-minimize})
 */
public record SessionPlan(
    CampaignDirectory directory,
    CampaignSettings settings,
    long iterations,
    Duration time,
    boolean quiet,
    boolean showOutput,
    MinimiseBudget minimise) {

  /**
   * The seed session {@code session} runs with: the campaign's seed for the first, mixed with the
   * session number after, so that a resumed campaign does not repeat the fresh runs it already made
   * (a session is still reproducible from the campaign seed and its number).
   */
  public static long sessionSeed(long campaignSeed, int session) {
    return session <= 1 ? campaignSeed : StableHash.mixInt(campaignSeed, session);
  }
}
