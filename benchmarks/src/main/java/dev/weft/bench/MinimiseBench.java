package dev.weft.bench;

import dev.weft.fuzz.minimise.CandidateRunner;
import dev.weft.fuzz.minimise.Minimisation;
import dev.weft.fuzz.minimise.MinimiseBudget;
import dev.weft.fuzz.minimise.ScheduleMinimiser;
import dev.weft.fuzz.strategy.Strategies;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetException;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.instrument.Instrumenter;
import dev.weft.runtime.instrument.TargetClassPath;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.trace.FieldTable;
import dev.weft.trace.SiteTable;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * How far {@code weft tmin} shrinks each bundled bug: the first failing run of a random walk (seeds
 * 1, 2, ...; for bugs a random walk rarely hits, of the segment strategy) is minimised, and its
 * preemptions, threads and steps before and after are printed with the candidate runs and time it
 * took. Run with {@code scripts/bench-minimise}; figures are for one machine, never asserted.
 */
public final class MinimiseBench {
  private MinimiseBench() {}

  /** Arguments: examples class directory, seconds per minimisation (30). */
  public static void main(String[] args) throws Exception {
    Path examples = Path.of(args.length > 0 ? args[0] : "examples/target/classes");
    int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 30;
    MinimiseBudget budget = new MinimiseBudget(Duration.ofSeconds(seconds), 0);
    System.out.printf(
        "%-24s %-10s %13s %11s %13s %6s %7s%n",
        "bug", "found by", "preemptions", "threads", "steps", "runs", "seconds");
    System.out.println("-".repeat(92));
    for (String[] bug : ExampleCatalog.buggy(examples)) {
      RunExecutor executor = executor(examples, bug);
      String foundBy = "random";
      RunResult found = randomFailure(executor);
      if (found == null) {
        foundBy = "segment";
        found = segmentFailure(executor);
      }
      if (found == null) {
        System.out.printf("%-24s not found%n", ExampleCatalog.name(bug));
        continue;
      }
      CandidateRunner runner =
          strategy -> {
            try {
              return executor.execute(strategy, 1);
            } catch (TargetException e) {
              throw new IllegalStateException(e);
            }
          };
      Minimisation m =
          new ScheduleMinimiser(runner, budget)
              .minimise(found.decisions(), found.failure().signature());
      System.out.printf(
          "%-24s %-10s %6d -> %3d %4d -> %3d %6d -> %4d %6d %7.2f%s%n",
          ExampleCatalog.name(bug),
          foundBy,
          m.before().preemptions(),
          m.after().preemptions(),
          m.before().threads(),
          m.after().threads(),
          m.before().steps(),
          m.after().steps(),
          m.candidates(),
          m.nanos() / 1e9,
          m.budgetSpent() ? "  (budget spent)" : "");
    }
  }

  private static RunExecutor executor(Path examples, String[] bug) {
    Instrumenter instrumenter =
        new Instrumenter(new TargetClassPath(List.of(examples)), new SiteTable(), new FieldTable());
    TargetSpec spec =
        TargetSpec.main(bug[0], Arrays.asList(Arrays.copyOfRange(bug, 1, bug.length)));
    return new RunExecutor(instrumenter, spec, RunBudget.DEFAULT);
  }

  private static RunResult randomFailure(RunExecutor executor) throws TargetException {
    for (long seed = 1; seed <= 500; seed++) {
      RunResult run = executor.execute(new RandomWalk(seed), seed);
      if (run.failed()) {
        return run;
      }
    }
    return null;
  }

  private static RunResult segmentFailure(RunExecutor executor) throws TargetException {
    Strategy segment = Strategies.create("segment", 3, 1, Strategies.siteKeys(executor.sites()));
    for (long n = 1; n <= 2_000; n++) {
      RunResult run = executor.execute(segment, n);
      if (run.failed()) {
        return run;
      }
    }
    return null;
  }
}
