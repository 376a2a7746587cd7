package dev.weft.fuzz.campaign;

import java.util.List;
import java.util.Map;

/**
 * What a campaign did: executions, time, the distinct findings in the order found, and the
 * strategy's own figures (segment coverage, for instance) in words and as numbers.
 *
 * @param notes what the strategy said once about how it degraded (long runs, memory)
 * @param weftFailed whether the campaign stopped because Weft itself failed (out of memory, an
 *     internal error) rather than on a budget, a finding or a request
 * @param hangs how many new hang findings runs reported, and how many a replay with ten times the
 *     budget confirmed (only those are findings)
 * @param strategySections what a {@link dev.weft.fuzz.strategy.BoundedSearch} says of its search
 *     (the interference counts of {@code bi}), by section name; empty for other strategies
 * @param targetStuck whether it stopped because a run left a target thread running that could not
 *     be stopped: the campaign runs in its user's JVM, which it cannot replace as {@code weft fuzz}
 *     replaces its worker JVM
 */
public record CampaignResult(
    long executions,
    long skipped,
    double seconds,
    List<FoundBug> findings,
    String stopReason,
    String strategyDescription,
    String strategyStatus,
    Map<String, Number> strategyStats,
    List<String> notes,
    int instrumentedClasses,
    int definedAtRunTime,
    Map<String, String> skippedClasses,
    LocalObjectTotals localObjects,
    boolean weftFailed,
    HangConfirmation.Counts hangs,
    Map<String, Object> strategySections,
    boolean targetStuck) {}
