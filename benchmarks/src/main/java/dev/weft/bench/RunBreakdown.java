package dev.weft.bench;

import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.exec.RunExecutor;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/**
 * Where a run's time goes: runs a program for a while under the JDK's flight recorder, sampling the
 * running threads' stacks, and sorts the samples of Weft's and the target's threads into what the
 * nearest frame that names a part says: the graph analysis of the segment strategy, class
 * definition, call-site linking, the race oracle, the scheduler, or the target's own code. Each
 * part's share of the samples is applied to the processor time the process spent per run; wall time
 * beyond the processor time is time no thread was running: waiting for a carrier to wake.
 */
final class RunBreakdown {
  /** Parts, in the order a stack is matched from its innermost frame; the first prefix wins. */
  private static final Map<String, String[]> PARTS = new LinkedHashMap<>();

  static {
    PARTS.put(
        "graph and segment analysis",
        new String[] {"dev.weft.graph.", "dev.weft.fuzz.strategy.WindowedAnalysis"});
    PARTS.put("race oracle", new String[] {"dev.weft.runtime.races."});
    PARTS.put(
        "call-site linking",
        new String[] {
          "java.lang.invoke.MethodHandleNatives.linkCallSite",
          "java.lang.invoke.LambdaMetafactory",
          "java.lang.invoke.StringConcatFactory",
          "dev.weft.runtime.jdk.JdkCalls.bootstrap",
          "dev.weft.runtime.hooks.JdkCallHooks.bootstrap"
        });
    PARTS.put(
        "class definition",
        new String[] {
          "java.lang.ClassLoader.defineClass",
          "dev.weft.runtime.instrument.TargetClassLoader",
          "dev.weft.runtime.instrument.Instrumenter",
          "java.lang.ClassLoader.loadClass"
        });
    PARTS.put(
        "scheduler and handoff",
        new String[] {
          "dev.weft.runtime.control.",
          "dev.weft.runtime.fairness.",
          "dev.weft.runtime.outside.",
          "dev.weft.fuzz.strategy.",
          "dev.weft.runtime.strategy."
        });
    PARTS.put(
        "models and hooks",
        new String[] {
          "dev.weft.runtime.sync.",
          "dev.weft.runtime.juc.",
          "dev.weft.runtime.jdk.",
          "dev.weft.runtime.hooks.",
          "dev.weft.runtime.perrun."
        });
    PARTS.put("run set-up and results", new String[] {"dev.weft.runtime.exec."});
  }

  private RunBreakdown() {}

  /** Prints the breakdown of {@code seconds} of runs of {@code ex} under {@code strategy}. */
  static void print(String title, RunExecutor ex, Supplier<Strategy> strategy, double seconds)
      throws Exception {
    Path file = java.nio.file.Files.createTempFile("weft-breakdown", ".jfr");
    Strategy s = strategy.get();
    for (int i = 0; i < 50; i++) {
      ex.execute(s, i + 1); // warm up outside the recording
    }
    int runs = 0;
    long wall;
    long cpu;
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean)
            java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    try (Recording r = new Recording()) {
      r.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(1));
      r.start();
      long t0 = System.nanoTime();
      long cpu0 = os.getProcessCpuTime();
      long end = t0 + (long) (seconds * 1e9);
      while (System.nanoTime() < end) {
        ex.execute(s, 1000 + ++runs);
      }
      wall = System.nanoTime() - t0;
      cpu = os.getProcessCpuTime() - cpu0;
      r.stop();
      r.dump(file);
    }
    Map<String, Integer> counts = new LinkedHashMap<>();
    for (String part : PARTS.keySet()) {
      counts.put(part, 0);
    }
    counts.put("target code and the JDK", 0);
    int samples = 0;
    for (RecordedEvent e : RecordingFile.readAllEvents(file)) {
      if (e.getStackTrace() == null || !isRunThread(e)) {
        continue;
      }
      samples++;
      counts.merge(partOf(e.getStackTrace().getFrames()), 1, Integer::sum);
    }
    java.nio.file.Files.deleteIfExists(file);
    double msPerRun = wall / 1e6 / runs;
    double cpuPerRun = cpu / 1e6 / runs;
    System.out.printf(
        "%nWhere a run's time goes: %s (%d runs; per run %.3f ms wall, %.3f ms of processor time"
            + " in all threads; %d samples)%n",
        title, runs, msPerRun, cpuPerRun, samples);
    System.out.printf("%-34s %9s %12s%n", "part", "share", "ms per run");
    System.out.println("-".repeat(57));
    for (String part : new ArrayList<>(counts.keySet())) {
      double share = samples == 0 ? 0 : counts.get(part) / (double) samples;
      System.out.printf("%-34s %8.1f%% %12.3f%n", part, 100 * share, share * cpuPerRun);
    }
    System.out.printf(
        "%-34s %9s %12.3f%n", "no thread running (waking)", "", Math.max(0, msPerRun - cpuPerRun));
  }

  private static boolean isRunThread(RecordedEvent e) {
    for (RecordedFrame f : e.getStackTrace().getFrames()) {
      String type = f.getMethod().getType().getName();
      if (type.startsWith("dev.weft.")) {
        return true;
      }
    }
    return false;
  }

  /** Prefixes of what is neither target code nor a part: the JDK, Weft and its libraries. */
  private static final String[] NOT_TARGET = {
    "java.",
    "javax.",
    "jdk.",
    "sun.",
    "com.sun.",
    "dev.weft.",
    "net.bytebuddy.",
    "it.unimi.dsi.",
    "org.jgrapht.",
    "com.esotericsoftware.",
    "org.slf4j.",
    "ch.qos.logback.",
    "picocli."
  };

  /** The bundled programs, and any library a program under test brings (a real library's code). */
  private static boolean isTargetCode(String name) {
    if (name.startsWith("dev.weft.examples.")
        || name.startsWith("dev.weft.targets.")
        || name.startsWith("dev.weft.realworld.")) {
      return true;
    }
    for (String prefix : NOT_TARGET) {
      if (name.startsWith(prefix)) {
        return false;
      }
    }
    return true;
  }

  private static String partOf(List<RecordedFrame> frames) {
    for (RecordedFrame f : frames) {
      String name = f.getMethod().getType().getName() + "." + f.getMethod().getName();
      for (Map.Entry<String, String[]> part : PARTS.entrySet()) {
        for (String prefix : part.getValue()) {
          if (name.startsWith(prefix)) {
            return part.getKey();
          }
        }
      }
      if (isTargetCode(name)) {
        return "target code and the JDK";
      }
    }
    return "target code and the JDK";
  }
}
