/**
 * Bounded interference (seed 003): a run's reads and writes as the space of choices "these k reads
 * see these writes of other threads, every other read is local", the schedule that realises one
 * choice, and the check that a run did. The strategy that walks the space, k = 0, 1, 2..., lives in
 * {@code fuzzer-core}.
 */
package dev.weft.graph.interference;
