package dev.weft.bench;

import dev.weft.fuzz.strategy.BoundedSearch;
import dev.weft.fuzz.strategy.SegmentStrategy;
import dev.weft.fuzz.strategy.Strategies;
import dev.weft.graph.GraphBudget;
import dev.weft.graph.segment.SegmentOptions;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.instrument.Instrumenter;
import dev.weft.runtime.instrument.TargetClassPath;
import dev.weft.trace.FieldTable;
import dev.weft.trace.SiteTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Compares strategies on every bundled bug, side by side in one JVM: for each example and strategy,
 * the median executions and seconds to the first finding over many seeds, and, when segment runs
 * beside samplers, the sampler with the smallest known median and segment's ratio to it (marked
 * {@code !} above {@value #GOAL_RATIO}: the default should never need much more than the best
 * single strategy); {@code segment-segments-only} is segment without reads-from coverage and
 * planning; {@code bi:2} is bounded interference with K = 2, deterministic (every seed makes the
 * same search), whose search also ends when it has explored every choice (then it counts as not
 * found), and which is no sampler. Besides the catalog's bugs it runs the {@code families} programs
 * at 2 to 100 writers, and the flag race at 0, 3 and 20 steps of work between the flag and the
 * payload. A search stops at the execution cap or after 5 seconds (or as given); one that found
 * nothing counts with the executions it made, and a median that includes such searches is marked
 * with {@code >}. Once half of a cell's searches found nothing its median cannot be known any more,
 * so the cell stops there ({@code n/k}: found in n of the k searches made): a strategy that misses
 * a bug costs half its seeds at the cap, not all of them. Run with {@code
 * scripts/bench-strategies}; figures are for comparison on one machine, never asserted.
 */
public final class StrategyBench {
  private static final String[] ALL_STRATEGIES = {
    "random",
    "pct:2",
    "pct:3",
    "pctvb:2",
    "pctvb:3",
    "pos",
    "surw",
    "segment-segments-only",
    "segment",
    "bi:2"
  };

  /** The parameterised families, each at these sizes (writers). */
  private static final String[] FAMILIES = {
    "HalfPublishedEndpoint",
    "HalfWrittenPair",
    "Reorder",
    "TornEndpoint",
    "TwoPhaseTotal",
    "LockRing",
    "PoliteLockRing",
    "StealingDeque"
  };

  private static final int[] SIZES = {2, 3, 5, 10, 20, 50, 100};

  /** The flag race at these steps of work between the flag and the payload. */
  private static final int[] FLAG_RACE_STEPS = {0, 3, 20};

  /** Segment should need at most this times the executions of the best single sampler. */
  private static final double GOAL_RATIO = 1.5;

  private StrategyBench() {}

  /** How many of {@code strategies} are samplers (not segment or a variant of it, not bi). */
  private static int samplers(String[] strategies) {
    int n = 0;
    for (String s : strategies) {
      n += isSampler(s) ? 1 : 0;
    }
    return n;
  }

  private static boolean isSampler(String strategy) {
    return !strategy.startsWith("segment") && !strategy.startsWith("bi");
  }

  /** A column's heading: {@code pct d=2}, {@code bi K=2}. */
  private static String heading(String strategy) {
    return strategy.startsWith("bi:")
        ? strategy.replace(":", " K=")
        : strategy.replace(":", " d=").replace("segment-segments-only", "seg-only");
  }

  /**
   * Whether a program's name contains one of the filter's comma-separated parts; the part {@code
   * bugs} stands for every bundled bug and {@code families} for every family program.
   */
  static boolean matches(String name, boolean family, String filter) {
    for (String part : filter.split(",", -1)) {
      if (part.equals("bugs") ? !family : part.equals("families") ? family : name.contains(part)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Arguments: examples class directory, seeds, execution cap per search, optional name filter
   * (comma-separated parts, any of which a name contains; {@code bugs}: the bundled bugs, {@code
   * families}: the family programs), optional seconds per search (5), optional comma-separated
   * strategies (all).
   */
  public static void main(String[] args) throws Exception {
    Path examples = snapshot(Path.of(args.length > 0 ? args[0] : "examples/target/classes"));
    int seeds = args.length > 1 ? Integer.parseInt(args[1]) : 20;
    int cap = args.length > 2 ? Integer.parseInt(args[2]) : 20_000;
    String filter = args.length > 3 ? args[3] : "";
    long searchNanos = (long) ((args.length > 4 ? Double.parseDouble(args[4]) : 5) * 1e9);
    String[] strategies = args.length > 5 ? args[5].split(",") : ALL_STRATEGIES;
    List<String[]> bugs = new ArrayList<>(ExampleCatalog.buggy(examples));
    bugs.add(new String[] {"dev.weft.examples.pct.FlagX", "200", "200"});
    int catalogBugs = bugs.size();
    for (int steps : FLAG_RACE_STEPS) {
      bugs.add(new String[] {"dev.weft.examples.families.FlagRace", Integer.toString(steps)});
    }
    for (String family : FAMILIES) {
      for (int n : SIZES) {
        bugs.add(new String[] {"dev.weft.examples.families." + family, Integer.toString(n)});
      }
    }
    System.out.printf(
        "median executions (and seconds) to the first finding over %d seeds, cap %,d executions"
            + " or %.0f s per search; [90th percentile executions]; n/k: found in n of k searches"
            + " (k < %d: stopped when half found nothing)%n",
        seeds, cap, searchNanos / 1e9, seeds);
    System.out.printf("%-28s", "example");
    for (String s : strategies) {
      System.out.printf(" %26s", heading(s));
    }
    int segment = Arrays.asList(strategies).indexOf("segment");
    boolean compare = segment >= 0 && samplers(strategies) > 0;
    if (compare) {
      System.out.printf(" %20s %14s", "best sampler", "segment/best");
    }
    System.out.println();
    System.out.println("-".repeat(28 + 27 * strategies.length + 36));
    for (int b = 0; b < bugs.size(); b++) {
      String[] bug = bugs.get(b);
      String name = ExampleCatalog.name(bug);
      if (!matches(name, b >= catalogBugs, filter)) {
        continue;
      }
      System.out.printf("%-28s", name);
      double[] medians = new double[strategies.length];
      boolean[] known = new boolean[strategies.length];
      for (int i = 0; i < strategies.length; i++) {
        Result r = measure(examples, bug, strategies[i], seeds, cap, searchNanos);
        medians[i] = r.executions;
        known[i] = !r.censored;
        System.out.printf(
            " %26s",
            (r.censored ? ">" : "")
                + String.format(
                    "%,.0f [%,.0f] (%.2fs) %d/%d",
                    r.executions, r.p90, r.seconds, r.found, r.tried));
        System.out.flush();
      }
      if (compare) {
        int best = -1;
        for (int i = 0; i < strategies.length; i++) {
          if (isSampler(strategies[i]) && known[i] && (best < 0 || medians[i] < medians[best])) {
            best = i;
          }
        }
        if (best < 0) {
          System.out.printf(" %20s %14s", "none found it", "-");
        } else {
          double ratio = medians[segment] / medians[best];
          System.out.printf(
              " %20s %14s",
              strategies[best].replace(":", " d=") + String.format(" %,.0f", medians[best]),
              (known[segment] ? "" : ">")
                  + String.format("%.2f", ratio)
                  + (ratio > GOAL_RATIO ? " !" : ""));
        }
      }
      System.out.println();
    }
  }

  /**
   * A copy of the examples' classes that lives as long as the benchmark, so that rebuilding the
   * examples while it runs (it takes an hour with every family) cannot pull classes from under it.
   */
  private static Path snapshot(Path classes) throws IOException {
    Path copy = Files.createTempDirectory("weft-bench-examples");
    try (Stream<Path> files = Files.walk(classes)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        Path to = copy.resolve(classes.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(to);
        } else {
          Files.copy(f, to);
        }
      }
    }
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  try (Stream<Path> files = Files.walk(copy)) {
                    files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
                  } catch (IOException e) {
                    // a temporary directory left behind is harmless
                  }
                }));
    return copy;
  }

  private record Result(
      double executions, double p90, double seconds, int found, int tried, boolean censored) {}

  private static Result measure(
      Path examples, String[] bug, String strategy, int seeds, int cap, long searchNanos)
      throws Exception {
    double[] executions = new double[seeds];
    double[] seconds = new double[seeds];
    int censored = 0;
    int tried = 0;
    SiteTable sites = new SiteTable();
    Instrumenter instrumenter =
        new Instrumenter(new TargetClassPath(List.of(examples)), sites, new FieldTable());
    RunExecutor executor =
        new RunExecutor(
            instrumenter,
            TargetSpec.main(bug[0], List.of(Arrays.copyOfRange(bug, 1, bug.length))),
            RunBudget.DEFAULT);
    for (int seed = 1; seed <= seeds && censored * 2 < seeds; seed++) {
      tried++;
      String[] parts = strategy.split(":");
      int depth = parts.length > 1 ? Integer.parseInt(parts[1]) : 3;
      Strategy s =
          parts[0].equals("segment-segments-only")
              ? new SegmentStrategy(
                  Strategies.siteKeys(sites),
                  depth,
                  seed,
                  SegmentOptions.DEFAULT.withReadsFrom(false))
              : Strategies.create(
                  parts[0].equals("bi") ? strategy : parts[0],
                  depth,
                  parts.length > 2 ? Integer.parseInt(parts[2].substring(1)) : 0,
                  seed,
                  Strategies.siteKeys(sites),
                  GraphBudget.DEFAULT);
      long start = System.nanoTime();
      int run = 0;
      boolean found = false;
      while (run < cap
          && !found
          && System.nanoTime() - start < searchNanos
          && !(s instanceof BoundedSearch b && b.stopReason() != null)) {
        RunResult r = executor.execute(s, ++run);
        found = r.failed();
      }
      executions[seed - 1] = run;
      seconds[seed - 1] = (System.nanoTime() - start) / 1e9;
      if (!found) {
        censored++;
      }
    }
    double[] made = Arrays.copyOf(executions, tried);
    return new Result(
        median(made),
        percentile(made, 0.9),
        median(Arrays.copyOf(seconds, tried)),
        tried - censored,
        tried,
        censored * 2 >= seeds);
  }

  /** The nearest-rank percentile. */
  private static double percentile(double[] values, double p) {
    double[] v = values.clone();
    Arrays.sort(v);
    return v[Math.max(0, (int) Math.ceil(p * v.length) - 1)];
  }

  private static double median(double[] values) {
    double[] v = values.clone();
    Arrays.sort(v);
    int n = v.length;
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  }
}
