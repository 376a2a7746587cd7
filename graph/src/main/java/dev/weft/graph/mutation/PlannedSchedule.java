package dev.weft.graph.mutation;

import dev.weft.graph.InterleavingGraph;
import java.util.List;

/**
 * One schedule produced by mutation, with the targets (imaginary segments, reads-from targets) it
 * is meant to realise and the graph they refer to (kept so that missed targets can be planned
 * again).
 */
public record PlannedSchedule(
    Schedule schedule, List<PlanTarget> targets, InterleavingGraph source) {}
