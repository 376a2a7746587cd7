/**
 * The interleaving graph built from a run's trace, segments of it as coverage, and the mutation
 * that turns not-yet-covered segments into schedules. Not built yet: this module only fixes its
 * place in the dependency chain {@code fuzzer-core -> corpus -> graph -> runtime}; the issue
 * "Interleaving graph, segment coverage and segment-guided interleaving mutation" fills it.
 */
package dev.weft.graph;
