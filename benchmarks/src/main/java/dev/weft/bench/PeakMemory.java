package dev.weft.bench;

import dev.weft.graph.GraphBuilder;
import dev.weft.graph.InterleavingGraph;
import dev.weft.graph.mutation.HarmoniousSelection;
import dev.weft.graph.mutation.InterleavingMutation;
import dev.weft.graph.segment.SegmentEnumerator;
import dev.weft.graph.segment.SegmentOptions;
import dev.weft.graph.segment.Segments;
import dev.weft.trace.Trace;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;

/**
 * Peak heap of each per-run step of the segment strategy on the benchmark's synthetic traces: the
 * JVM's peak usage of all heap pools, reset after a full GC before the step, so it counts what the
 * step keeps and the garbage it makes before the next collection. Prints a table with the wall time
 * of the same single execution beside it.
 */
public final class PeakMemory {
  private PeakMemory() {}

  public static void main(String[] args) {
    System.out.printf(
        "%8s %7s  %22s %22s %22s %9s %11s %6s %9s%n",
        "events",
        "threads",
        "graph build",
        "segment enumeration",
        "mutation batch",
        "segments",
        "instances",
        "window",
        "schedules");
    System.out.println("-".repeat(126));
    for (int events : new int[] {1_000, 10_000, 100_000}) {
      for (int threads : new int[] {2, 4, 8}) {
        Trace trace = SyntheticTraces.generate(events, threads, 42);
        List<String> names = SyntheticTraces.threadNames(threads);
        Measured<InterleavingGraph> g =
            measure(() -> GraphBuilder.build(trace, names, SyntheticTraces::siteKey));
        Measured<Segments> s =
            measure(() -> new SegmentEnumerator(SegmentOptions.DEFAULT).enumerate(g.value));
        Measured<HarmoniousSelection.Plan> m =
            measure(
                () ->
                    new InterleavingMutation(new Random(7), 32)
                        .mutate(g.value, s.value, k -> true));
        System.out.printf(
            "%8d %7d  %22s %22s %22s %9d %11d %6d %9d%n",
            events,
            threads,
            g,
            s,
            m,
            s.value.size(),
            s.value.instances(),
            s.value.window(),
            m.value.schedules().size());
      }
    }
  }

  private static final class Measured<T> {
    T value;
    long bytes;
    long nanos;

    @Override
    public String toString() {
      return String.format("%,.1f MB %,.0f ms", bytes / 1048576.0, nanos / 1e6);
    }
  }

  private static <T> Measured<T> measure(Supplier<T> step) {
    List<MemoryPoolMXBean> pools = ManagementFactory.getMemoryPoolMXBeans();
    System.gc();
    long before = 0;
    for (MemoryPoolMXBean p : pools) {
      if (p.getType() == MemoryType.HEAP) {
        p.resetPeakUsage();
        before += p.getUsage().getUsed();
      }
    }
    Measured<T> out = new Measured<>();
    long start = System.nanoTime();
    out.value = step.get();
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
}
