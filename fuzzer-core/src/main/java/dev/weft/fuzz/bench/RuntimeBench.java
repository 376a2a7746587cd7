package dev.weft.fuzz.bench;

import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.SchedulingPoint;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.instrument.Instrumenter;
import dev.weft.runtime.instrument.TargetClassPath;
import dev.weft.runtime.strategy.Pct;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.runtime.trace.FieldTable;
import dev.weft.runtime.trace.SiteTable;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

/**
 * Measures the runtime's costs side by side in one JVM and prints a table: a scheduling point
 * without a switch, a switch between two threads, and executions per second of seed 000's program
 * and of the java.util.concurrent twins (lock/condition buffer, thread pool, CompletableFuture
 * pipeline) under random, PCT and uncontrolled. Run with {@code scripts/bench-runtime}; figures are
 * for comparison on one machine, never asserted.
 */
public final class RuntimeBench {
  private final Path examples;

  private RuntimeBench(Path examples) {
    this.examples = examples;
  }

  public static void main(String[] args) throws Throwable {
    Path examples = Path.of(args.length > 0 ? args[0] : "examples/target/classes");
    double seconds = args.length > 1 ? Double.parseDouble(args[1]) : 3.0;
    new RuntimeBench(examples).run(seconds);
  }

  private RunExecutor executor(String mainClass, String... args) {
    Instrumenter instrumenter =
        new Instrumenter(new TargetClassPath(List.of(examples)), new SiteTable(), new FieldTable());
    return new RunExecutor(
        instrumenter,
        TargetSpec.main(mainClass, List.of(args)),
        new RunBudget(10_000_000, 60_000, 10_000));
  }

  private void run(double seconds) throws Throwable {
    System.out.printf("%-44s %14s %10s%n", "measurement", "value", "unit");
    System.out.println("-".repeat(70));

    int reads = 2_000_000;
    RunExecutor single = executor("dev.weft.examples.bench.Loops", Integer.toString(reads));
    double controlledNs = bestRunNanos(single, () -> new RandomWalk(1), 5);
    double plainNs = bestPlainNanos("dev.weft.examples.bench.Loops", 5, Integer.toString(reads));
    row("scheduling point, no switch", (controlledNs - plainNs) / reads, "ns/point");

    int pingPong = 200_000;
    RunExecutor two = executor("dev.weft.examples.bench.Loops", Integer.toString(pingPong), "2");
    RunResult last = null;
    long best = Long.MAX_VALUE;
    for (int i = 0; i < 3; i++) {
      Alternate alternate = new Alternate();
      long t0 = System.nanoTime();
      last = two.execute(alternate, i);
      best = Math.min(best, System.nanoTime() - t0);
      if (i == 2) {
        row(
            "switch between two threads (mean)",
            best / 1000.0 / Math.max(1, alternate.switches),
            "µs/switch");
      }
    }

    for (String size : new String[] {"20", "200"}) {
      RunExecutor flag = executor("dev.weft.examples.pct.FlagX", size, size);
      double random = throughput(flag, () -> new RandomWalk(3), seconds);
      double pct = throughput(flag, () -> new Pct(3, 3), seconds);
      double plain = plainThroughput("dev.weft.examples.pct.FlagX", seconds, size, size);
      row("FlagX(" + size + ") random", random, "exec/s");
      row("FlagX(" + size + ") pct d=3", pct, "exec/s");
      row("FlagX(" + size + ") uncontrolled", plain, "exec/s");
      row("FlagX(" + size + ") uncontrolled / pct", plain / pct, "ratio");
    }
    for (String name :
        new String[] {
          "BoundedBufferIfFixed", "ExecutorLostUpdateFixed", "FuturePipelineRaceFixed"
        }) {
      String mainClass = "dev.weft.examples.juc." + name;
      RunExecutor ex = executor(mainClass);
      double random = throughput(ex, () -> new RandomWalk(3), seconds);
      double pct = throughput(ex, () -> new Pct(3, 3), seconds);
      double plain = plainThroughput(mainClass, seconds);
      row(name + " random", random, "exec/s");
      row(name + " pct d=3", pct, "exec/s");
      row(name + " uncontrolled", plain, "exec/s");
      row(name + " uncontrolled / pct", plain / pct, "ratio");
    }
    if (last != null && last.steps() == 0) {
      System.out.println("(no steps recorded?)");
    }
  }

  private static void row(String name, double value, String unit) {
    System.out.printf("%-44s %14.2f %10s%n", name, value, unit);
  }

  private static double bestRunNanos(RunExecutor ex, Supplier<Strategy> strategy, int times)
      throws Exception {
    long best = Long.MAX_VALUE;
    for (int i = 0; i < times; i++) {
      long t0 = System.nanoTime();
      ex.execute(strategy.get(), i);
      best = Math.min(best, System.nanoTime() - t0);
    }
    return best;
  }

  private double throughput(RunExecutor ex, Supplier<Strategy> make, double seconds)
      throws Exception {
    Strategy s = make.get();
    long end = System.nanoTime() + (long) (seconds * 0.3e9);
    int run = 0;
    while (System.nanoTime() < end) {
      ex.execute(s, ++run);
    }
    long t0 = System.nanoTime();
    end = t0 + (long) (seconds * 1e9);
    int n = 0;
    while (System.nanoTime() < end) {
      ex.execute(s, ++run);
      n++;
    }
    return n / ((System.nanoTime() - t0) / 1e9);
  }

  private Method plainMain(String mainClass) throws Exception {
    URLClassLoader loader =
        new URLClassLoader(
            new URL[] {examples.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
    return Class.forName(mainClass, true, loader).getMethod("main", String[].class);
  }

  private double bestPlainNanos(String mainClass, int times, String... args) throws Exception {
    Method main = plainMain(mainClass);
    long best = Long.MAX_VALUE;
    for (int i = 0; i < times; i++) {
      long t0 = System.nanoTime();
      main.invoke(null, (Object) args);
      best = Math.min(best, System.nanoTime() - t0);
    }
    return best;
  }

  private double plainThroughput(String mainClass, double seconds, String... args)
      throws Exception {
    Method main = plainMain(mainClass);
    long t0 = System.nanoTime();
    long end = t0 + (long) (seconds * 1e9);
    int n = 0;
    while (System.nanoTime() < end) {
      try {
        main.invoke(null, (Object) args);
      } catch (java.lang.reflect.InvocationTargetException raceFired) {
        // uncontrolled runs may hit the bug; only the time matters here
      }
      n++;
    }
    return n / ((System.nanoTime() - t0) / 1e9);
  }

  /** Switches to another enabled thread at every point where one exists. */
  private static final class Alternate implements Strategy {
    long switches;

    @Override
    public int choose(SchedulingPoint point) {
      for (int i = 0; i < point.enabledCount(); i++) {
        if (point.enabledThread(i) != point.currentThread()) {
          switches++;
          return i;
        }
      }
      return 0;
    }

    @Override
    public String describe() {
      return "alternate";
    }
  }
}
