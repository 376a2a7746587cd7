package dev.weft.bench;

import dev.weft.fuzz.strategy.SegmentStrategy;
import dev.weft.fuzz.strategy.Strategies;
import dev.weft.graph.GraphBudget;
import dev.weft.graph.segment.SegmentOptions;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.SchedulingPoint;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.exec.ControllerThread;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.instrument.Instrumenter;
import dev.weft.runtime.instrument.TargetClassPath;
import dev.weft.runtime.races.RaceMode;
import dev.weft.runtime.strategy.Pct;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.trace.FieldTable;
import dev.weft.trace.SiteTable;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

/**
 * Measures the runtime's costs side by side in one JVM and prints tables: a scheduling point
 * without a switch, a switch between two threads (median and mean), and per program (every correct
 * twin of the catalog, {@code ThreadFan} with 2 to 100 threads, {@code LocalBuffers} and {@code
 * LocalTallies} with 4 and 40 threads) its threads, events per run and executions per second under
 * random, PCT d=3, segment and uncontrolled, with the ratios the issue "Faster than native" sets
 * goals for. Uncontrolled runs load the program in a fresh class loader per run (as Weft does), on
 * real threads. Run with {@code scripts/bench-runtime [seconds] [filter]}; figures are for
 * comparison on one machine, never asserted.
 */
public final class RuntimeBench {
  private final Path examples;

  private RuntimeBench(Path examples) {
    this.examples = examples;
  }

  public static void main(String[] args) throws Throwable {
    Path examples = Path.of(args.length > 0 ? args[0] : "examples/target/classes");
    double seconds = args.length > 1 ? Double.parseDouble(args[1]) : 1.0;
    String filter = args.length > 2 ? args[2] : "";
    int load = args.length > 3 ? Integer.parseInt(args[3]) : 0;
    // as the weft command runs its work: on JDK 21+ the controller shares a platform thread with
    // the runs' threads
    ControllerThread.call(
        () -> {
          RuntimeBench bench = new RuntimeBench(examples);
          if (filter.equals("many") || filter.startsWith("many:")) {
            bench.many(seconds, filter.equals("many") ? "" : filter.substring(5), load);
          } else if (load > 0) {
            try (Load busy = Load.start(load)) {
              bench.run(seconds, filter);
            }
          } else {
            bench.run(seconds, filter);
          }
          return null;
        });
  }

  /**
   * {@code n} busy-loop processes beside the measurement (shell loops, so they share no heap,
   * compiler or collector with the bench), stopped on close and at exit.
   */
  private static final class Load implements AutoCloseable {
    private final List<Process> processes = new ArrayList<>();
    private final Thread hook = new Thread(this::stop, "stop-load");

    static Load start(int n) throws Exception {
      Load load = new Load();
      Runtime.getRuntime().addShutdownHook(load.hook);
      for (int i = 0; i < n; i++) {
        load.processes.add(
            new ProcessBuilder("sh", "-c", "while :; do :; done")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start());
      }
      Thread.sleep(200);
      return load;
    }

    private void stop() {
      for (Process p : processes) {
        p.destroyForcibly();
      }
      for (Process p : processes) {
        try {
          p.waitFor();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      processes.clear();
    }

    @Override
    public void close() {
      stop();
      Runtime.getRuntime().removeShutdownHook(hook);
    }
  }

  /** This process's processor time so far, all its threads, in nanoseconds. */
  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean)
            java.lang.management.ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  /** Executions per second and processor milliseconds per execution of one measurement. */
  private record Rate(double perSecond, double cpuMillis) {}

  /**
   * The many-thread rows alone: executions/s under random and uncontrolled, their ratio and the
   * process's processor time per execution of each; with {@code load} above 0 the same again beside
   * that many busy loops, and how far each rate fell under load (loaded / unloaded).
   */
  private void many(double seconds, String only, int load) throws Exception {
    warmUp();
    System.out.println();
    String head = "%-34s %4s %7s %9s %9s %8s %9s %9s";
    System.out.printf(
        head + (load > 0 ? " | %9s %9s %8s %9s %9s %8s %8s" : "") + "%n",
        "program",
        "thr",
        "events",
        "random/s",
        "native/s",
        "rnd/nat",
        "rnd ms/ex",
        "nat ms/ex",
        "load rnd",
        "load nat",
        "rnd/nat",
        "rnd ms/ex",
        "nat ms/ex",
        "rnd fall",
        "nat fall");
    System.out.println("-".repeat(load > 0 ? 170 : 96));
    for (String[] p : manyThreads()) {
      String name = ExampleCatalog.name(p);
      if (!name.contains(only)) {
        continue;
      }
      String[] args = Arrays.copyOfRange(p, 1, p.length);
      RunExecutor ex = executor(p[0], args);
      RunResult sample = ex.execute(new RandomWalk(1), 0);
      Rate random = measured(() -> throughput(ex, () -> new RandomWalk(3), seconds));
      Rate plain = measured(() -> plainThroughput(p[0], seconds, args));
      System.out.printf(
          head,
          name,
          sample.threadNames().size(),
          sample.trace().size(),
          rate(random.perSecond()),
          rate(plain.perSecond()),
          String.format("%.2f", random.perSecond() / plain.perSecond()),
          String.format("%.1f", random.cpuMillis()),
          String.format("%.1f", plain.cpuMillis()));
      if (load > 0) {
        Rate loadedRandom;
        Rate loadedPlain;
        try (Load busy = Load.start(load)) {
          loadedRandom = measured(() -> throughput(ex, () -> new RandomWalk(3), seconds));
          loadedPlain = measured(() -> plainThroughput(p[0], seconds, args));
        }
        System.out.printf(
            " | %9s %9s %8.2f %9.1f %9.1f %8.2f %8.2f",
            rate(loadedRandom.perSecond()),
            rate(loadedPlain.perSecond()),
            loadedRandom.perSecond() / loadedPlain.perSecond(),
            loadedRandom.cpuMillis(),
            loadedPlain.cpuMillis(),
            loadedRandom.perSecond() / random.perSecond(),
            loadedPlain.perSecond() / plain.perSecond());
      }
      System.out.println();
    }
    if (load > 0) {
      System.out.println(
          "(load: "
              + load
              + " busy-loop processes beside the measurement; fall = loaded rate / unloaded rate)");
    }
  }

  /**
   * Runs {@code measurement} (executions/s over its window), noting the process's processor time
   * and wall time around it, so processor time per execution follows from rate and wall time.
   */
  private static Rate measured(Callable<Double> measurement) throws Exception {
    long cpu0 = processCpuNanos();
    long t0 = System.nanoTime();
    double perSecond = measurement.call();
    double wall = (System.nanoTime() - t0) / 1e9;
    double cpuMillis = (processCpuNanos() - cpu0) / 1e6;
    // the measurement's window excludes its warm-up; the executions of the whole call are about
    // perSecond * wall, so this is the processor time per execution over warm-up and window alike
    return new Rate(perSecond, cpuMillis / Math.max(1, perSecond * wall));
  }

  /**
   * {@code work} on a platform thread of its own: uncontrolled runs start from a platform main
   * thread, as the program's {@code main} would, whatever thread the bench itself runs on.
   */
  private static double onPlatformThread(Callable<Double> work) throws Exception {
    double[] result = new double[1];
    Exception[] failure = new Exception[1];
    Thread t =
        new Thread(
            () -> {
              try {
                result[0] = work.call();
              } catch (Exception e) {
                failure[0] = e;
              }
            },
            "uncontrolled-main");
    t.start();
    t.join();
    if (failure[0] != null) {
      throw failure[0];
    }
    return result[0];
  }

  private final SiteTable sites = new SiteTable();

  private RunExecutor executor(String mainClass, String... args) {
    return executor(RunExecutor.LOCAL_OBJECTS_DEFAULT, mainClass, args);
  }

  private RunExecutor executor(boolean localObjects, String mainClass, String... args) {
    return executor(localObjects, Instrumenter.reuseClassesByDefault(), mainClass, args);
  }

  private RunExecutor executor(
      boolean localObjects, boolean reuseClasses, String mainClass, String... args) {
    Instrumenter instrumenter =
        new Instrumenter(
            new TargetClassPath(List.of(examples)), sites, new FieldTable(), reuseClasses);
    return new RunExecutor(
        instrumenter,
        TargetSpec.main(mainClass, List.of(args)),
        new RunBudget(10_000_000, 60_000, 10_000),
        RaceMode.DEFAULT,
        localObjects);
  }

  /** The table's programs: ThreadFan at 2-100 threads, the local-object programs, every twin. */
  private List<String[]> programs() throws Exception {
    List<String[]> programs = new ArrayList<>();
    for (String n : new String[] {"2", "10", "50", "100"}) {
      programs.add(new String[] {"dev.weft.examples.bench.ThreadFan", n, "5"});
    }
    programs.add(new String[] {"dev.weft.examples.bench.LocalBuffers", "4", "20"});
    programs.add(new String[] {"dev.weft.examples.bench.LocalBuffers", "40", "20"});
    programs.add(new String[] {"dev.weft.examples.bench.LocalTallies", "4", "20"});
    programs.add(new String[] {"dev.weft.examples.bench.LocalTallies", "40", "20"});
    programs.addAll(manyThreads());
    programs.addAll(ExampleCatalog.twins(examples));
    return programs;
  }

  /**
   * The 80-thread rows: 40 pushers and 40 poppers on a program's own compare-and-set stack (the
   * poppers park when it is empty), 40 producers and 40 consumers handing values over through an
   * {@code ArrayBlockingQueue}, and 40 senders and 40 receivers selecting over a program's own
   * compare-and-set channels (a channel library's select: waiters on a lock-free stack, parks).
   */
  private static List<String[]> manyThreads() {
    return List.of(
        new String[] {"dev.weft.examples.juc.TreiberStackFixed", "40", "40", "10"},
        new String[] {"dev.weft.examples.bench.QueueHandOver", "40", "40", "10"},
        new String[] {"dev.weft.examples.bench.SelectChannels", "40", "40", "10"});
  }

  private void run(double seconds, String filter) throws Exception {
    if (filter.equals("flat")) {
      flat(10_000);
      return;
    }
    if (filter.equals("locals") || filter.startsWith("locals:")) {
      locals(seconds, filter.equals("locals") ? "" : filter.substring("locals:".length()));
      return;
    }
    if (filter.equals("analysis") || filter.startsWith("analysis:")) {
      analysis(seconds, filter.equals("analysis") ? "" : filter.substring("analysis:".length()));
      return;
    }
    if (filter.equals("reuse") || filter.startsWith("reuse:")) {
      reuse(seconds, filter.equals("reuse") ? "" : filter.substring("reuse:".length()));
      return;
    }
    if (filter.isEmpty()) {
      costs();
    }
    if (!filter.equals("breakdown")) {
      warmUp();
    }
    List<String[]> programs = programs();
    System.out.println();
    System.out.printf(
        "%-30s %4s %7s %9s %9s %9s %9s %8s %8s %8s%n",
        "program",
        "thr",
        "events",
        "random/s",
        "pct/s",
        "segment/s",
        "native/s",
        "rnd/nat",
        "pct/nat",
        "seg/rnd");
    System.out.println("-".repeat(112));
    for (String[] p : programs) {
      String name = ExampleCatalog.name(p);
      if (!name.contains(filter) || filter.equals("breakdown")) {
        continue;
      }
      String[] args = Arrays.copyOfRange(p, 1, p.length);
      RunExecutor ex = executor(p[0], args);
      RunResult sample = ex.execute(new RandomWalk(1), 0);
      double random = throughput(ex, () -> new RandomWalk(3), seconds);
      double pct = throughput(ex, () -> new Pct(3, 3), seconds);
      double segment = throughput(ex, this::segment, seconds);
      double plain = plainThroughput(p[0], seconds, args);
      System.out.printf(
          "%-30s %4d %7d %9.0f %9.0f %9.0f %9s %8.2f %8.2f %8.2f%n",
          name,
          sample.threadNames().size(),
          sample.trace().size(),
          random,
          pct,
          segment,
          rate(plain),
          random / plain,
          pct / plain,
          segment / random);
    }
    if (filter.isEmpty() || filter.equals("breakdown")) {
      for (String[] p :
          List.of(
              new String[] {"dev.weft.examples.bench.ThreadFan", "100", "5"},
              new String[] {"dev.weft.examples.juc.ExecutorLostUpdateFixed"})) {
        RunExecutor ex = executor(p[0], Arrays.copyOfRange(p, 1, p.length));
        RunBreakdown.print(ExampleCatalog.name(p) + ", random", ex, () -> new RandomWalk(3), 3);
        RunBreakdown.print(ExampleCatalog.name(p) + ", segment", ex, this::segment, 3);
      }
    }
  }

  /**
   * Each program with thread-local objects tracked and without, side by side: events per run,
   * accesses that needed no scheduling point, and executions per second under random, PCT and
   * segment.
   */
  private void locals(double seconds, String only) throws Exception {
    List<String[]> programs = new ArrayList<>();
    programs.add(new String[] {"dev.weft.examples.bench.LocalBuffers", "4", "20"});
    programs.add(new String[] {"dev.weft.examples.bench.LocalBuffers", "40", "20"});
    programs.add(new String[] {"dev.weft.examples.bench.LocalTallies", "4", "20"});
    programs.add(new String[] {"dev.weft.examples.bench.LocalTallies", "40", "20"});
    programs.add(new String[] {"dev.weft.examples.bench.ThreadFan", "10", "5"});
    programs.addAll(ExampleCatalog.twins(examples));
    System.out.printf(
        "%-30s %7s %7s %7s %8s %8s %6s %8s %8s %6s %8s %8s %6s%n",
        "program", "ev off", "ev on", "local", "rnd off", "rnd on", "ratio", "pct off", "pct on",
        "ratio", "seg off", "seg on", "ratio");
    System.out.println("-".repeat(125));
    for (String[] p : programs) {
      if (!ExampleCatalog.name(p).contains(only)) {
        continue;
      }
      String[] args = Arrays.copyOfRange(p, 1, p.length);
      RunExecutor off = executor(false, p[0], args);
      RunExecutor on = executor(true, p[0], args);
      RunResult sampleOff = off.execute(new RandomWalk(1), 0);
      RunResult sampleOn = on.execute(new RandomWalk(1), 0);
      long local = on.lastLocalObjects().elidedAccesses();
      double[] rates = sideBySide(off, on, seconds);
      System.out.printf(
          "%-30s %7d %7d %7d %8.0f %8.0f %6.2f %8.0f %8.0f %6.2f %8.0f %8.0f %6.2f%n",
          ExampleCatalog.name(p),
          sampleOff.trace().size(),
          sampleOn.trace().size(),
          local,
          rates[0],
          rates[1],
          rates[1] / rates[0],
          rates[2],
          rates[3],
          rates[3] / rates[2],
          rates[4],
          rates[5],
          rates[5] / rates[4]);
    }
  }

  /**
   * Executions/s of {@code a} and {@code b} under random, PCT and segment, each strategy on both
   * before the next: a random, b random, a PCT, b PCT, a segment, b segment.
   */
  private double[] sideBySide(RunExecutor a, RunExecutor b, double seconds) throws Exception {
    List<Supplier<Strategy>> strategies =
        List.of(() -> new RandomWalk(3), () -> new Pct(3, 3), this::segment);
    double[] rates = new double[6];
    for (int i = 0; i < 3; i++) {
      rates[2 * i] = throughput(a, strategies.get(i), seconds);
      rates[2 * i + 1] = throughput(b, strategies.get(i), seconds);
    }
    return rates;
  }

  /**
   * Each program with its classes defined afresh for every run and reused across runs (statics
   * reset per run), side by side: executions/s under random, PCT and segment, and uncontrolled in a
   * fresh class loader per run.
   */
  private void reuse(double seconds, String only) throws Exception {
    List<String[]> programs = programs();
    System.out.printf(
        "%-30s %7s %8s %8s %6s %8s %8s %6s %8s %8s %6s %8s %8s%n",
        "program",
        "events",
        "rnd new",
        "rnd kept",
        "ratio",
        "pct new",
        "pct kept",
        "ratio",
        "seg new",
        "seg kept",
        "ratio",
        "native",
        "kept/nat");
    System.out.println("-".repeat(128));
    for (String[] p : programs) {
      if (!ExampleCatalog.name(p).contains(only)) {
        continue;
      }
      String[] args = Arrays.copyOfRange(p, 1, p.length);
      boolean locals = RunExecutor.LOCAL_OBJECTS_DEFAULT;
      RunExecutor fresh = executor(locals, false, p[0], args);
      RunExecutor kept = executor(locals, true, p[0], args);
      RunResult sample = fresh.execute(new RandomWalk(1), 0);
      kept.execute(new RandomWalk(1), 0);
      double[] rates = sideBySide(fresh, kept, seconds);
      double plain = plainThroughput(p[0], seconds, args);
      System.out.printf(
          "%-30s %7d %8.0f %8.0f %6.2f %8.0f %8.0f %6.2f %8.0f %8.0f %6.2f %8.0f %8.2f%n",
          ExampleCatalog.name(p),
          sample.trace().size(),
          rates[0],
          rates[1],
          rates[1] / rates[0],
          rates[2],
          rates[3],
          rates[3] / rates[2],
          rates[4],
          rates[5],
          rates[5] / rates[4],
          plain,
          rates[1] / plain);
      if (!kept.reusesClasses()) {
        System.out.println("  (classes not kept: " + kept.takeReuseStoppedNote() + ")");
      }
    }
  }

  /**
   * Every program under random and under segment with each run analysed inline and on the helper
   * thread while the next executes (the same decisions), measured in turn on one executor: random,
   * segment inline, segment beside, three times over, each cell's best kept.
   */
  private void analysis(double seconds, String only) throws Exception {
    warmUp();
    System.out.printf(
        "%-30s %7s %9s %9s %9s %8s %8s %8s%n",
        "program", "events", "random/s", "inline/s", "beside/s", "bes/inl", "inl/rnd", "bes/rnd");
    System.out.println("-".repeat(100));
    for (String[] p : programs()) {
      if (!ExampleCatalog.name(p).contains(only)) {
        continue;
      }
      RunExecutor ex = executor(p[0], Arrays.copyOfRange(p, 1, p.length));
      RunResult sample = ex.execute(new RandomWalk(1), 0);
      double[] best = new double[3];
      for (int round = 0; round < 3; round++) {
        best[0] = Math.max(best[0], throughput(ex, () -> new RandomWalk(3), seconds));
        for (int beside = 0; beside <= 1; beside++) {
          boolean background = beside == 1;
          best[1 + beside] =
              Math.max(
                  best[1 + beside],
                  throughput(
                      ex,
                      () ->
                          new SegmentStrategy(
                              Strategies.siteKeys(sites),
                              3,
                              3,
                              SegmentOptions.DEFAULT,
                              GraphBudget.DEFAULT,
                              background),
                      seconds));
        }
      }
      System.out.printf(
          "%-30s %7d %9.0f %9.0f %9.0f %8.2f %8.2f %8.2f%n",
          ExampleCatalog.name(p),
          sample.trace().size(),
          best[0],
          best[1],
          best[2],
          best[2] / best[1],
          best[1] / best[0],
          best[2] / best[0]);
    }
  }

  /**
   * {@code runs} runs of a 100-thread program under PCT, printing every tenth of the way the live
   * threads, the carriers made so far, and heap and metaspace in use after a collection: all should
   * stay flat once the first runs have filled the carrier pool.
   */
  private void flat(int runs) throws Exception {
    RunExecutor ex = executor("dev.weft.examples.bench.ThreadFan", "100", "1");
    Strategy pct = new Pct(3, 7);
    System.out.printf(
        "%8s %10s %10s %12s %14s %10s%n",
        "runs", "threads", "carriers", "heap MiB", "metaspace MiB", "runs/s");
    System.out.println("-".repeat(70));
    long t0 = System.nanoTime();
    for (int run = 1; run <= runs; run++) {
      RunResult r = ex.execute(pct, run);
      if (r.failed()) {
        System.out.println("run " + run + " failed: " + r.failure());
      }
      if (run % (runs / 10) == 0 || run == 100) {
        double rate = run / ((System.nanoTime() - t0) / 1e9);
        System.gc();
        long heap =
            java.lang.management.ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        long meta = 0;
        for (java.lang.management.MemoryPoolMXBean pool :
            java.lang.management.ManagementFactory.getMemoryPoolMXBeans()) {
          if (pool.getName().equals("Metaspace")) {
            meta = pool.getUsage().getUsed();
          }
        }
        System.out.printf(
            "%8d %10d %10d %12.1f %14.1f %10.0f%n",
            run,
            java.lang.management.ManagementFactory.getThreadMXBean().getThreadCount(),
            dev.weft.runtime.carrier.CarrierPool.created(),
            heap / 1048576.0,
            meta / 1048576.0,
            rate);
      }
    }
    System.out.println("leaked carriers: " + ex.leakedThreads());
  }

  /**
   * Runs random, PCT and segment on two small programs that are not in the tables, so that the
   * tables compare rates of compiled code: a campaign runs for hours, but the compiler needs
   * several seconds on two processors to compile the segment strategy's analysis and planning (a
   * fresh JVM's first second of segment made a third of its rate four seconds later), and without
   * this the first rows of a table measured that.
   */
  private void warmUp() throws Exception {
    long t0 = System.nanoTime();
    for (String[] p :
        List.of(
            new String[] {"dev.weft.examples.bench.ThreadFan", "3", "5"},
            new String[] {"dev.weft.examples.bench.LocalTallies", "3", "5"})) {
      RunExecutor ex = executor(p[0], Arrays.copyOfRange(p, 1, p.length));
      throughput(ex, () -> new RandomWalk(3), 1);
      throughput(ex, () -> new Pct(3, 3), 1);
      throughput(ex, this::segment, 3);
    }
    System.out.printf(
        "%n(compiler warm-up first: %.0f s of random, PCT and segment on ThreadFan(3,5) and"
            + " LocalTallies(3,5))%n",
        (System.nanoTime() - t0) / 1e9);
  }

  /** The segment strategy every table measures: depth 3, seed 3, the default graph budget. */
  private Strategy segment() {
    return Strategies.create("segment", 3, 0, 3, Strategies.siteKeys(sites), GraphBudget.DEFAULT);
  }

  private void costs() throws Exception {
    System.out.printf("%-44s %14s %10s%n", "measurement", "value", "unit");
    System.out.println("-".repeat(70));
    int reads = 2_000_000;
    RunExecutor single = executor("dev.weft.examples.bench.Loops", Integer.toString(reads));
    double controlledNs = bestRunNanos(single, () -> new RandomWalk(1), 5);
    double plainNs = bestPlainNanos("dev.weft.examples.bench.Loops", 5, Integer.toString(reads));
    row("scheduling point, no switch", (controlledNs - plainNs) / reads, "ns/point");

    int pingPong = 100_000;
    RunExecutor two = executor("dev.weft.examples.bench.Loops", Integer.toString(pingPong), "2");
    double median = Double.MAX_VALUE;
    double p90 = Double.MAX_VALUE;
    double p99 = Double.MAX_VALUE;
    double mean = Double.MAX_VALUE;
    for (int i = 0; i < 3; i++) {
      Alternate alternate = new Alternate(2 * pingPong + 16);
      long t0 = System.nanoTime();
      two.execute(alternate, i);
      long total = System.nanoTime() - t0;
      mean = Math.min(mean, total / 1000.0 / Math.max(1, alternate.switches));
      median = Math.min(median, alternate.percentileMicros(0.5));
      p90 = Math.min(p90, alternate.percentileMicros(0.9));
      p99 = Math.min(p99, alternate.percentileMicros(0.99));
    }
    row("switch between two threads (median)", median, "µs/switch");
    row("switch between two threads (90th percentile)", p90, "µs/switch");
    row("switch between two threads (99th percentile)", p99, "µs/switch");
    row("switch between two threads (mean, whole run)", mean, "µs/switch");
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

  private static double throughput(RunExecutor ex, Supplier<Strategy> make, double seconds)
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

  /** {@code main} of a fresh class loader's copy of the program: its statics start afresh. */
  private Method plainMain(String mainClass) throws Exception {
    URLClassLoader loader =
        new URLClassLoader(
            new URL[] {examples.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
    return Class.forName(mainClass, true, loader).getMethod("main", String[].class);
  }

  private double bestPlainNanos(String mainClass, int times, String... args) throws Exception {
    return onPlatformThread(() -> bestPlainNanosHere(mainClass, times, args));
  }

  private double bestPlainNanosHere(String mainClass, int times, String... args) throws Exception {
    Method main = plainMain(mainClass);
    long best = Long.MAX_VALUE;
    for (int i = 0; i < times; i++) {
      long t0 = System.nanoTime();
      main.invoke(null, (Object) args);
      best = Math.min(best, System.nanoTime() - t0);
    }
    return best;
  }

  /**
   * A rate for the table: whole executions per second, with a decimal below ten (an uncontrolled
   * run that sleeps for seconds, which a controlled run skips, would otherwise show as 0).
   */
  private static String rate(double perSecond) {
    return String.format(perSecond < 10 ? "%.1f" : "%.0f", perSecond);
  }

  /** Uncontrolled executions per second, each in a fresh class loader, as Weft's runs are. */
  private double plainThroughput(String mainClass, double seconds, String... args)
      throws Exception {
    return onPlatformThread(() -> plainThroughputHere(mainClass, seconds, args));
  }

  private double plainThroughputHere(String mainClass, double seconds, String... args)
      throws Exception {
    long end = System.nanoTime() + (long) (seconds * 0.3e9);
    while (System.nanoTime() < end) {
      plainOnce(mainClass, args);
    }
    long t0 = System.nanoTime();
    end = t0 + (long) (seconds * 1e9);
    int n = 0;
    while (System.nanoTime() < end) {
      plainOnce(mainClass, args);
      n++;
    }
    return n / ((System.nanoTime() - t0) / 1e9);
  }

  private void plainOnce(String mainClass, String... args) throws Exception {
    try {
      plainMain(mainClass).invoke(null, (Object) args);
    } catch (InvocationTargetException raceFired) {
      // a twin never fails; a run that throws still counts, only the time matters here
    }
  }

  /**
   * Switches to another enabled thread at every point where one exists, noting the time between
   * consecutive decisions: with one loop step between them, that is the switch's latency.
   */
  private static final class Alternate implements Strategy {
    final long[] gaps;
    int switches;
    long last;

    Alternate(int capacity) {
      gaps = new long[capacity];
    }

    @Override
    public int choose(SchedulingPoint point) {
      for (int i = 0; i < point.enabledCount(); i++) {
        if (point.enabledThread(i) != point.currentThread()) {
          long now = System.nanoTime();
          if (last != 0 && switches < gaps.length) {
            gaps[switches] = now - last;
          }
          last = now;
          switches++;
          return i;
        }
      }
      return 0;
    }

    double percentileMicros(double p) {
      int n = Math.min(switches, gaps.length) - 1;
      if (n <= 0) {
        return Double.NaN;
      }
      long[] g = Arrays.copyOfRange(gaps, 1, n + 1);
      Arrays.sort(g);
      return g[Math.min(g.length - 1, (int) (g.length * p))] / 1000.0;
    }

    @Override
    public String describe() {
      return "alternate";
    }
  }
}
