package dev.weft.fuzz.cmin;

import dev.weft.corpus.campaign.CorpusEntry;

/**
 * A corpus entry whose keys did not all come back when its run was executed again: the target
 * changed since, or the run is not deterministic. It is neither kept nor dropped silently.
 *
 * @param why what happened instead, in a few words
 */
public record NotReproducedEntry(CorpusEntry entry, String why) {}
