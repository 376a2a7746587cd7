package dev.weft.fuzz.campaign;

import dev.weft.graph.GraphBudget;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.TargetSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The settings of one campaign, as parsed from the command line.
 *
 * @param iterations stop after this many executions (0: no limit)
 * @param time stop after this long (null: no limit)
 * @param graphBudget the most events of a run the segment strategy analyses in one graph
 */
public record CampaignConfig(
    TargetSpec target,
    List<Path> classPath,
    String strategy,
    int depth,
    long seed,
    long iterations,
    Duration time,
    boolean keepGoing,
    Path out,
    RunBudget budget,
    GraphBudget graphBudget,
    boolean quiet) {}
