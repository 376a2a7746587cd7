package dev.weft.fuzz.cmin;

import java.util.List;

/**
 * What {@code weft cmin} did.
 *
 * @param entriesBefore readable entries of the source corpus
 * @param keysBefore distinct keys of all confirmed entries' runs
 * @param keysAfter distinct keys of the kept entries (equal to {@code keysBefore})
 * @param notReproduced entries whose recorded keys did not all come back; copied to the output's
 *     {@code quarantine/}, not to its corpus
 */
public record CminResult(
    int entriesBefore,
    int entriesAfter,
    int keysBefore,
    int keysAfter,
    List<NotReproducedEntry> notReproduced,
    double seconds) {}
