package dev.weft.fuzz.cmin;

import dev.weft.corpus.campaign.CorpusEntry;

/**
 * A corpus entry whose run was executed again and gave back every key the entry recorded.
 *
 * @param keys every key the run yields now (sorted), which may be more than the entry recorded: it
 *     recorded only the keys that were new when it was found
 * @param steps the run's events, its cost: unlike a measured time it is the same on every machine
 *     and every run, so the choice of entries does not change between two minimisations
 */
public record ConfirmedEntry(CorpusEntry entry, long[] keys, int steps) {}
