package dev.weft.bench;

import dev.weft.fuzz.strategy.ScheduleFollower;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.instrument.Instrumenter;
import dev.weft.runtime.instrument.TargetClassPath;
import dev.weft.runtime.races.RaceMode;
import dev.weft.trace.FieldTable;
import dev.weft.trace.SiteTable;
import java.nio.file.Path;
import java.util.List;

/**
 * What the race oracle costs a run: {@code dev.weft.examples.bench.SharedMaps} (every step a
 * synchronised {@code HashMap.put} and an array update, so the oracle walks the whole trace and
 * finds nothing) at several lengths, run with the oracle off, on ({@code jdk}) and with plain
 * fields ({@code fields}), side by side in one process: the modes take turns, run by run, so drift
 * hits them alike. Prints events per second and the ratio to {@code off}. Figures are for
 * comparison on one machine, never asserted.
 *
 * <p>Arguments: the examples' class directory, then workloads as {@code events:runs}.
 */
public final class RaceOracleBench {
  private static final RaceMode[] MODES = {RaceMode.OFF, RaceMode.JDK, RaceMode.FIELDS};

  private RaceOracleBench() {}

  public static void main(String[] args) throws Exception {
    Path examples = Path.of(args.length > 0 ? args[0] : "examples/target/classes");
    String[] workloads =
        args.length > 1
            ? java.util.Arrays.copyOfRange(args, 1, args.length)
            : new String[] {"1000:400", "100000:12", "1000000:3"};
    System.out.printf(
        "%-10s %10s %6s   %-26s %-26s %-26s%n",
        "events", "trace", "runs", "off", "jdk (default)", "fields");
    System.out.println("-".repeat(112));
    for (String w : workloads) {
      String[] p = w.split(":");
      measure(examples, p[0], Integer.parseInt(p[1]));
    }
  }

  private static void measure(Path examples, String events, int runs) throws Exception {
    RunExecutor[] executors = new RunExecutor[MODES.length];
    for (int m = 0; m < MODES.length; m++) {
      Instrumenter instrumenter =
          new Instrumenter(
              new TargetClassPath(List.of(examples)), new SiteTable(), new FieldTable());
      executors[m] =
          new RunExecutor(
              instrumenter,
              TargetSpec.main("dev.weft.examples.bench.SharedMaps", List.of(events, "2")),
              new RunBudget(Integer.MAX_VALUE / 128, 600_000, 60_000),
              MODES[m]);
    }
    int warmup = Math.max(1, runs / 4);
    long[] nanos = new long[MODES.length];
    long traceSize = 0;
    for (int r = -warmup; r < runs; r++) {
      for (int m = 0; m < MODES.length; m++) {
        long start = System.nanoTime();
        RunResult result = executors[m].execute(new ScheduleFollower(null), 1);
        long took = System.nanoTime() - start;
        if (result.outcome() != RunResult.Outcome.PASSED) {
          throw new IllegalStateException(
              MODES[m] + ": " + result.outcome() + " " + result.failure());
        }
        if (r >= 0) {
          nanos[m] += took;
          traceSize = result.trace().size();
        }
      }
    }
    String[] cells = new String[MODES.length];
    for (int m = 0; m < MODES.length; m++) {
      double perRun = nanos[m] / (double) runs;
      double eventsPerSecond = traceSize / (perRun / 1e9);
      cells[m] =
          String.format(
              "%,.2f ms %,.0f ev/s %s",
              perRun / 1e6,
              eventsPerSecond,
              m == 0 ? "" : String.format("x%.2f", nanos[m] / (double) nanos[0]));
    }
    System.out.printf(
        "%-10s %,10d %6d   %-26s %-26s %-26s%n",
        events, traceSize, runs, cells[0], cells[1], cells[2]);
  }
}
