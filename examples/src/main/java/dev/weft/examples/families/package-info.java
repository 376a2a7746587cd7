/**
 * Parameterised programs for measuring search power as a bug gets harder with its size (threads or
 * tasks): writers and one checker, two-phase publication, a ring of monitors, a ring of locks whose
 * threads yield first (polling threads a plan must choose), a work-stealing deque; and a flag race
 * whose size is the steps of work between the flag and the payload, which must not make it harder
 * for a search that decides only at the shared accesses. Not in the catalog (the tests do not run
 * every size); {@code scripts/bench-strategies} runs them at several sizes.
 */
package dev.weft.examples.families;
