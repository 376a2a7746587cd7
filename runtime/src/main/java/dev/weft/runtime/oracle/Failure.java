package dev.weft.runtime.oracle;

/**
 * What an oracle found in one run. The signature identifies the bug rather than the run: equal
 * signatures are one finding, whatever interleaving produced them.
 */
public record Failure(
    FindingKind kind, String threadName, String message, String details, String signature) {}
