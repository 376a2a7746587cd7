package dev.weft.fuzz.campaign;

import java.util.List;

/** What a campaign did: executions, time, and the distinct findings in the order found. */
public record CampaignResult(
    long executions, long skipped, double seconds, List<FoundBug> findings, String stopReason) {}
