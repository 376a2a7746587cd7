package dev.weft.bench;

import dev.weft.fuzz.campaign.Campaign;
import dev.weft.fuzz.campaign.CampaignConfig;
import dev.weft.fuzz.campaign.CampaignResult;
import dev.weft.fuzz.input.InputOptions;
import dev.weft.graph.GraphBudget;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.oracle.ExpectedExceptions;
import dev.weft.runtime.races.RaceMode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Executions to the first finding for fuzz targets whose bugs need an input and an interleaving,
 * searched four ways: inputs only, every run a new input under a schedule without preemptions (PCT
 * with depth 1: each thread runs until it blocks, about what a short-lived thread gets from the
 * JVM, as under an input fuzzer); inputs only under a random walk (more interleavings than an input
 * fuzzer's JVM would give); schedules only (the input fixed, empty; segment); and both (the
 * default: segment with inputs searched). Behind {@code scripts/bench-inputs}; a cell is the median
 * over seeds and how many found it.
 */
public final class InputBench {
  private InputBench() {}

  /** One way of searching: the strategy (and its depth) and the input mode. */
  private record Way(String name, String strategy, int depth, InputOptions.Mode mode) {}

  private static final List<Way> WAYS =
      List.of(
          new Way("inputs only, no preemption", "pct", 1, InputOptions.Mode.INPUTS_ONLY),
          new Way("inputs only, random schedule", "random", 3, InputOptions.Mode.INPUTS_ONLY),
          new Way("schedules only (input fixed)", "segment", 3, InputOptions.Mode.FIXED),
          new Way("both (default)", "segment", 3, InputOptions.Mode.SEARCH));

  private static final List<String> TARGETS =
      List.of(
          "dev.weft.examples.inputs.GatedClaim::fuzzerTestOneInput",
          "dev.weft.examples.inputs.InputBluetoothDriver::fuzzerTestOneInput",
          "dev.weft.examples.inputs.PacketCounter::fuzzerTestOneInput");

  /**
   * @param args the examples' classes, the jazzer-api jar, seeds, execution cap
   */
  public static void main(String[] args) throws Exception {
    List<Path> classPath = List.of(Path.of(args[0]), Path.of(args[1]));
    int seeds = Integer.parseInt(args[2]);
    long cap = Long.parseLong(args[3]);
    Path out = Files.createTempDirectory("weft-bench-inputs");
    System.out.printf("%-21s", "program");
    for (Way w : WAYS) {
      System.out.printf(" | %-28s", w.name());
    }
    System.out.println();
    for (String target : TARGETS) {
      String name = target.substring(target.lastIndexOf('.') + 1, target.indexOf("::"));
      System.out.printf("%-21s", name);
      for (Way w : WAYS) {
        List<Long> found = new ArrayList<>();
        for (int seed = 1; seed <= seeds; seed++) {
          long execs = executionsToBug(target, classPath, w, seed, cap, out);
          if (execs > 0) {
            found.add(execs);
          }
        }
        System.out.printf(" | %-28s", cell(found, seeds, cap));
      }
      System.out.println();
    }
  }

  private static String cell(List<Long> found, int seeds, long cap) {
    if (found.isEmpty()) {
      return String.format("not found (0/%d, cap %,d)", seeds, cap);
    }
    long[] sorted = found.stream().mapToLong(Long::longValue).sorted().toArray();
    String median =
        found.size() * 2 >= seeds
            ? String.format("%,d", sorted[(seeds - 1) / 2])
            : "> " + String.format("%,d", cap);
    return String.format(
        "%s (%d/%d; %,d-%,d)", median, found.size(), seeds, sorted[0], sorted[sorted.length - 1]);
  }

  /** Executions to the first finding, or 0 if none within {@code cap}. */
  private static long executionsToBug(
      String target, List<Path> classPath, Way way, long seed, long cap, Path out)
      throws Exception {
    CampaignConfig config =
        new CampaignConfig(
                TargetSpec.method(target),
                classPath,
                way.strategy(),
                way.depth(),
                0,
                seed,
                cap,
                null,
                false,
                out.resolve(way.strategy() + way.depth() + way.mode() + "-" + seed),
                RunBudget.DEFAULT,
                List.of(),
                GraphBudget.DEFAULT,
                true,
                false,
                RaceMode.DEFAULT,
                true,
                null,
                ExpectedExceptions.NONE)
            .withInputs(new InputOptions(new byte[0], way.mode(), InputOptions.DEFAULT_MAX_LENGTH));
    PrintStream sink = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    CampaignResult result = new Campaign(config, sink, sink).run();
    return result.findings().isEmpty() ? 0 : result.findings().get(0).firstExecution();
  }
}
