/**
 * Parameterised programs for measuring search power as a bug gets harder with the thread count:
 * writers and one checker, two-phase publication. Not in the catalog (the tests do not run every
 * size); {@code scripts/bench-strategies} runs them at several sizes.
 */
package dev.weft.examples.families;
