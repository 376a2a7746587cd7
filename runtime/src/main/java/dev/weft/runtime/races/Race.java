package dev.weft.runtime.races;

/**
 * Two accesses to one object or field, from different threads, at least one a write, with no
 * happens-before between them: whatever the interleaving, the run could have executed them at the
 * same time.
 *
 * @param first the access that came first in the run
 * @param target what both accessed, for the report: {@code java.util.HashMap new@Prog.java:10#0},
 *     {@code field Counter.value of new@Prog.java:8#0}
 */
public record Race(RaceAccess first, RaceAccess second, String target) {}
