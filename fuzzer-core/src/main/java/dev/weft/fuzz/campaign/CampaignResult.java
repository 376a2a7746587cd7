package dev.weft.fuzz.campaign;

import java.util.List;
import java.util.Map;

/**
 * What a campaign did: executions, time, the distinct findings in the order found, and the
 * strategy's own figures (segment coverage, for instance) in words and as numbers.
 */
public record CampaignResult(
    long executions,
    long skipped,
    double seconds,
    List<FoundBug> findings,
    String stopReason,
    String strategyStatus,
    Map<String, Number> strategyStats,
    int instrumentedClasses,
    int definedAtRunTime,
    Map<String, String> skippedClasses) {}
