package dev.weft.bench;

import dev.weft.fuzz.strategy.ScheduleFollower;
import dev.weft.fuzz.strategy.Strategies;
import dev.weft.graph.GraphBudget;
import dev.weft.graph.GraphBuilder;
import dev.weft.graph.InterleavingGraph;
import dev.weft.graph.TraceWindow;
import dev.weft.graph.mutation.HarmoniousSelection;
import dev.weft.graph.mutation.InterleavingMutation;
import dev.weft.graph.mutation.PlannedSchedule;
import dev.weft.graph.segment.SegmentEnumerator;
import dev.weft.graph.segment.SegmentOptions;
import dev.weft.graph.segment.Segments;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.instrument.Instrumenter;
import dev.weft.runtime.instrument.TargetClassPath;
import dev.weft.trace.FieldTable;
import dev.weft.trace.SiteTable;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.function.IntToLongFunction;

/**
 * Where time and heap go when the segment strategy meets a long run: one non-preemptive run of
 * {@code dev.weft.examples.bench.LongRun}, then each per-run step of the strategy on its trace
 * (graph build, segment enumeration, one mutation round), each with its wall time and the heap it
 * peaked at over what was live before it (after a full GC). A step that runs out of memory says so
 * and the table goes on. Figures are for comparison on one machine, never asserted.
 *
 * <p>Arguments: the examples' class directory, the graph budget in events (0: the whole run in one
 * graph, as before budgets), then workloads as {@code events:threads:shape}. With a budget, the
 * steps work on the window the strategy's first analysis of the run would take.
 */
public final class LongTraceBench {
  private LongTraceBench() {}

  public static void main(String[] args) throws Exception {
    Path examples = Path.of(args.length > 0 ? args[0] : "examples/target/classes");
    int budget = args.length > 1 ? Integer.parseInt(args[1]) : GraphBudget.DEFAULT.maxEvents();
    String[] workloads =
        args.length > 2
            ? java.util.Arrays.copyOfRange(args, 2, args.length)
            : new String[] {"1000000:2:hot", "3000000:2:hot", "10000000:2:hot", "1000000:2:wide"};
    System.out.printf(
        "max heap %,d MB, graph budget %s%n%n%-18s %10s %18s %18s %18s %18s %9s %9s%n",
        Runtime.getRuntime().maxMemory() >> 20,
        budget == 0 ? "none" : String.format("%,d events", budget),
        "workload",
        "events",
        "run",
        "graph build",
        "segments",
        "mutation round",
        "vertices",
        "schedules");
    System.out.println("-".repeat(126));
    for (String w : workloads) {
      String[] p = w.split(":");
      measure(examples, budget == 0 ? null : new GraphBudget(budget), p[0], p[1], p[2]);
    }
  }

  private static void measure(
      Path examples, GraphBudget budget, String events, String threads, String shape)
      throws Exception {
    SiteTable sites = new SiteTable();
    Instrumenter instrumenter =
        new Instrumenter(new TargetClassPath(List.of(examples)), sites, new FieldTable());
    RunExecutor executor =
        new RunExecutor(
            instrumenter,
            TargetSpec.main("dev.weft.examples.bench.LongRun", List.of(events, threads, shape)),
            new RunBudget(Integer.MAX_VALUE / 128, 600_000, 60_000));
    IntToLongFunction siteKeys = Strategies.siteKeys(sites);
    Step<RunResult> run = Step.of(() -> executor.execute(new ScheduleFollower(null), 1));
    String label = events + ":" + threads + ":" + shape;
    if (run.value == null) {
      System.out.printf("%-18s %10s %18s%n", label, "-", run);
      return;
    }
    RunResult result = run.value;
    int size = result.trace().size();
    TraceWindow window = budget == null ? TraceWindow.whole(size) : budget.window(size, 0);
    Step<InterleavingGraph> graph =
        Step.of(() -> GraphBuilder.build(result.trace(), result.threadNames(), siteKeys, window));
    Step<Segments> segments =
        graph.value == null
            ? Step.skipped()
            : Step.of(() -> new SegmentEnumerator(SegmentOptions.DEFAULT).enumerate(graph.value));
    Step<HarmoniousSelection.Plan> plan =
        segments.value == null
            ? Step.skipped()
            : Step.of(
                () ->
                    new InterleavingMutation(new Random(7), 32)
                        .mutate(graph.value, segments.value, k -> true));
    System.out.printf(
        "%-18s %,10d %18s %18s %18s %18s %9s %9s%n",
        label,
        result.trace().size(),
        run,
        graph,
        segments,
        plan,
        graph.value == null ? "-" : String.format("%,d", graph.value.vertexCount()),
        plan.value == null ? "-" : Integer.toString(plan.value.schedules().size()));
    if (plan.value != null) {
      long scheduled = 0;
      for (PlannedSchedule s : plan.value.schedules()) {
        scheduled += s.schedule().length();
      }
      System.out.printf(
          "%18s schedules plan %,d events in all, after a prefix of %,d replayed as observed%n",
          "", scheduled, window.from());
    }
  }

  /** One measured step: its value (null if it ran out of memory), wall time and peak heap. */
  private static final class Step<T> {
    T value;
    long bytes;
    long nanos;
    boolean outOfMemory;
    boolean skipped;

    static <T> Step<T> skipped() {
      Step<T> s = new Step<>();
      s.skipped = true;
      return s;
    }

    static <T> Step<T> of(Callable<T> step) throws Exception {
      List<MemoryPoolMXBean> pools = ManagementFactory.getMemoryPoolMXBeans();
      System.gc();
      long before = 0;
      for (MemoryPoolMXBean p : pools) {
        if (p.getType() == MemoryType.HEAP) {
          p.resetPeakUsage();
          before += p.getUsage().getUsed();
        }
      }
      Step<T> out = new Step<>();
      long start = System.nanoTime();
      try {
        out.value = step.call();
      } catch (OutOfMemoryError e) {
        out.outOfMemory = true;
      }
      out.nanos = System.nanoTime() - start;
      long peak = 0;
      for (MemoryPoolMXBean p : pools) {
        if (p.getType() == MemoryType.HEAP) {
          peak += p.getPeakUsage().getUsed();
        }
      }
      out.bytes = Math.max(0, peak - before);
      return out;
    }

    @Override
    public String toString() {
      if (skipped) {
        return "-";
      }
      if (outOfMemory) {
        return String.format("OOM after %,.0f ms", nanos / 1e6);
      }
      return String.format("%,.0f ms %,.0f MB", nanos / 1e6, bytes / 1048576.0);
    }
  }
}
