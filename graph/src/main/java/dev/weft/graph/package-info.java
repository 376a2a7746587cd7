/**
 * The interleaving graph of one run (seed 002): vertices are the trace's events, immutable edges
 * are program order plus causal edges (thread start and join), mutable edges connect conflicting
 * accesses of different threads in the order they happened. Subpackages take it from there: {@code
 * segment} cuts it into coverage keys, {@code mutation} turns keys not yet covered into schedules.
 */
package dev.weft.graph;
