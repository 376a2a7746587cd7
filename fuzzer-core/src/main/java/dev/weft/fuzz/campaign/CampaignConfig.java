package dev.weft.fuzz.campaign;

import dev.weft.fuzz.input.InputOptions;
import dev.weft.fuzz.minimise.MinimiseBudget;
import dev.weft.graph.GraphBudget;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.oracle.ExpectedExceptions;
import dev.weft.runtime.races.RaceMode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The settings of one campaign, as parsed from the command line.
 *
 * @param threadsBound thread bounding of pct and pctvb (0: off)
 * @param iterations stop after this many executions (0: no limit)
 * @param time stop after this long (null: no limit)
 * @param jvmOptions the options of the JVM the campaign runs in, recorded in each finding
 * @param quiet no progress output, and none of the target's output unless {@code showOutput}
 * @param showOutput print the target's output of every execution, not only of the first
 * @param graphBudget the most events of a run the segment strategy analyses in one graph
 * @param races which unordered accesses the race oracle reports
 * @param localObjects whether accesses to thread-local objects are no scheduling points
 * @param minimise what each new finding may cost to minimise before it is written; null: written as
 *     found ({@code --no-minimize})
 * @param ignoredExceptions exceptions the target throws on purpose ({@code --ignore-exception})
 * @param inputs how the input of a fuzz target (a method taking {@code byte[]} or a {@code
 *     FuzzedDataProvider}) is searched; ignored for other targets
 * @param spuriousWakeups whether runs may wake a waiting thread spuriously, as the JVM may ({@code
 *     --no-spurious-wakeups} turns it off)
 */
public record CampaignConfig(
    TargetSpec target,
    List<Path> classPath,
    String strategy,
    int depth,
    int threadsBound,
    long seed,
    long iterations,
    Duration time,
    boolean keepGoing,
    Path out,
    RunBudget budget,
    List<String> jvmOptions,
    GraphBudget graphBudget,
    boolean quiet,
    boolean showOutput,
    RaceMode races,
    boolean localObjects,
    MinimiseBudget minimise,
    ExpectedExceptions ignoredExceptions,
    InputOptions inputs,
    boolean spuriousWakeups) {

  public CampaignConfig {
    jvmOptions = List.copyOf(jvmOptions);
  }

  /** A campaign whose runs may wake waiting threads spuriously. */
  public CampaignConfig(
      TargetSpec target,
      List<Path> classPath,
      String strategy,
      int depth,
      int threadsBound,
      long seed,
      long iterations,
      Duration time,
      boolean keepGoing,
      Path out,
      RunBudget budget,
      List<String> jvmOptions,
      GraphBudget graphBudget,
      boolean quiet,
      boolean showOutput,
      RaceMode races,
      boolean localObjects,
      MinimiseBudget minimise,
      ExpectedExceptions ignoredExceptions,
      InputOptions inputs) {
    this(
        target,
        classPath,
        strategy,
        depth,
        threadsBound,
        seed,
        iterations,
        time,
        keepGoing,
        out,
        budget,
        jvmOptions,
        graphBudget,
        quiet,
        showOutput,
        races,
        localObjects,
        minimise,
        ignoredExceptions,
        inputs,
        true);
  }

  /** A campaign whose fuzz target's inputs are searched from the empty input. */
  public CampaignConfig(
      TargetSpec target,
      List<Path> classPath,
      String strategy,
      int depth,
      int threadsBound,
      long seed,
      long iterations,
      Duration time,
      boolean keepGoing,
      Path out,
      RunBudget budget,
      List<String> jvmOptions,
      GraphBudget graphBudget,
      boolean quiet,
      boolean showOutput,
      RaceMode races,
      boolean localObjects,
      MinimiseBudget minimise,
      ExpectedExceptions ignoredExceptions) {
    this(
        target,
        classPath,
        strategy,
        depth,
        threadsBound,
        seed,
        iterations,
        time,
        keepGoing,
        out,
        budget,
        jvmOptions,
        graphBudget,
        quiet,
        showOutput,
        races,
        localObjects,
        minimise,
        ignoredExceptions,
        InputOptions.DEFAULT);
  }

  /** The same campaign with {@code inputs}. */
  public CampaignConfig withInputs(InputOptions inputs) {
    return new CampaignConfig(
        target,
        classPath,
        strategy,
        depth,
        threadsBound,
        seed,
        iterations,
        time,
        keepGoing,
        out,
        budget,
        jvmOptions,
        graphBudget,
        quiet,
        showOutput,
        races,
        localObjects,
        minimise,
        ignoredExceptions,
        inputs,
        spuriousWakeups);
  }

  /** The same campaign, its runs waking waiting threads spuriously or not. */
  public CampaignConfig withSpuriousWakeups(boolean on) {
    return new CampaignConfig(
        target,
        classPath,
        strategy,
        depth,
        threadsBound,
        seed,
        iterations,
        time,
        keepGoing,
        out,
        budget,
        jvmOptions,
        graphBudget,
        quiet,
        showOutput,
        races,
        localObjects,
        minimise,
        ignoredExceptions,
        inputs,
        on);
  }

  /** A campaign that expects no exception. */
  public CampaignConfig(
      TargetSpec target,
      List<Path> classPath,
      String strategy,
      int depth,
      int threadsBound,
      long seed,
      long iterations,
      Duration time,
      boolean keepGoing,
      Path out,
      RunBudget budget,
      List<String> jvmOptions,
      GraphBudget graphBudget,
      boolean quiet,
      boolean showOutput,
      RaceMode races,
      boolean localObjects,
      MinimiseBudget minimise) {
    this(
        target,
        classPath,
        strategy,
        depth,
        threadsBound,
        seed,
        iterations,
        time,
        keepGoing,
        out,
        budget,
        jvmOptions,
        graphBudget,
        quiet,
        showOutput,
        races,
        localObjects,
        minimise,
        ExpectedExceptions.NONE);
  }
}
