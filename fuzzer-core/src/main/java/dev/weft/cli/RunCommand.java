package dev.weft.cli;

import dev.weft.fuzz.campaign.Campaign;
import dev.weft.fuzz.campaign.CampaignConfig;
import dev.weft.fuzz.campaign.CampaignResult;
import dev.weft.fuzz.campaign.FoundBug;
import dev.weft.fuzz.input.InputOptions;
import dev.weft.fuzz.strategy.Strategies;
import dev.weft.graph.GraphBudget;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetException;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.oracle.ExpectedExceptions;
import dev.weft.runtime.races.RaceMode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code weft run}: a fuzzing campaign against one target. */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Run a target again and again under Weft's scheduler until a bug is found or a budget is spent. Prints progress about once a second; writes each finding to --out as a replay file (.weft) and a readable report (.txt), and a summary.json. Findings, where their files went and the final summary go to standard output; progress and diagnostics to standard error. The progress line of segment reads: coverage N keys (the distinct interleaving segments and reads-from pairs seen so far), M planned interleavings waiting (schedules planned toward new coverage, not run yet), P%% of Q planned reached (of the planned schedules run, how many reached what they were planned for).",
      "Exit code: 0 nothing found, 1 found something, 2 usage or configuration error, 3 Weft itself failed (out of memory, an internal error) before finding anything. summary.json is written in every case once the options are valid, also when the target cannot be found or run (its stopReason says why)."
    })
public final class RunCommand implements Callable<Integer> {

  static final class TargetChoice {
    @Option(
        names = "--main",
        paramLabel = "CLASS",
        required = true,
        description = "Class whose main(String[]) is the target.")
    String mainClass;

    @Option(
        names = "--target",
        paramLabel = "CLASS::METHOD",
        required = true,
        description =
            "A method without parameters: static, or an instance method of a class with a"
                + " no-argument constructor. A fuzz target in Jazzer's style, a method taking"
                + " byte[] or com.code_intelligence.jazzer.api.FuzzedDataProvider (jazzer-api on"
                + " --cp), gets an input that is searched together with its schedule.")
    String method;

    @Option(
        names = "--test",
        paramLabel = "CLASS#METHOD",
        required = true,
        description =
            "A JUnit 5 test method without parameters, run as JUnit runs it: @BeforeAll, a fresh"
                + " instance (and its enclosing instances for a @Nested class), @BeforeEach, the"
                + " test, @AfterEach, @AfterAll, all inside every run. The class path must hold"
                + " the test's dependencies; JUnit's own classes are never instrumented.")
    String test;

    /** The target chosen; {@code args} apply to --main only. */
    TargetSpec spec(List<String> args) {
      if (mainClass == null && !args.isEmpty()) {
        throw new IllegalArgumentException("--args only applies to --main targets");
      }
      if (mainClass != null) {
        return TargetSpec.main(mainClass, args);
      }
      return method != null ? TargetSpec.method(method) : TargetSpec.test(test);
    }
  }

  @ArgGroup(exclusive = true, multiplicity = "1")
  TargetChoice target;

  @Option(
      names = {"--cp", "--classpath"},
      required = true,
      paramLabel = "PATH",
      description =
          "The target's compiled classes: directories and jars, separated by '${sys:path.separator}'.")
  String classPath;

  @Option(
      names = "--args",
      arity = "1..*",
      paramLabel = "ARG",
      description = "Arguments passed to main (with --main).")
  List<String> args = new ArrayList<>();

  @Option(
      names = "--strategy",
      defaultValue = "segment",
      description =
          "Search strategy: "
              + Strategies.NAMES
              + " (default: ${DEFAULT-VALUE}). segment: coverage-guided; every run's"
              + " interleaving graph is cut into segments and its reads into what each saw, and"
              + " schedules are planned toward segments and reads-from not seen yet (fresh runs"
              + " from pct, pctvb, pos, surw and random, whichever pays, when none are left)."
              + " pct: random priorities with d-1 change points. pctvb: the change points only on"
              + " accesses to d-1 variables chosen per run. pos: partial order sampling, a"
              + " random priority per pending event, drawn again for the events that race with"
              + " the one that just ran. surw: on the accesses to one shared variable selected"
              + " per run, the thread that makes the next one drawn with weight its accesses left;"
              + " random priorities elsewhere. random: a random thread at every point. bi:"
              + " bounded interference; from a non-preemptive run, every choice of k reads that"
              + " see another thread's write (every other read local), k = 0 to"
              + " --interference, each planned and run once; stops when all are explored.")
  String strategy;

  @Option(
      names = "--interference",
      paramLabel = "K",
      description =
          "With --strategy bi: the most reads of a choice that see another thread's write"
              + " (default: 2).")
  Integer interference;

  @Option(
      names = "--threads-bound",
      defaultValue = "0",
      paramLabel = "T",
      description =
          "Thread bounding for pct and pctvb: change points fall only on the steps of T threads"
              + " chosen at random per run (0: all threads; default: ${DEFAULT-VALUE}).")
  int threadsBound;

  @Option(
      names = "--depth",
      defaultValue = "3",
      description =
          "PCT bug depth d: d-1 priority change points per run (pctvb: on accesses to d-1"
              + " variables); also used for the fresh runs of segment (default:"
              + " ${DEFAULT-VALUE}).")
  int depth;

  @Option(
      names = "--iterations",
      paramLabel = "N",
      description = "Stop after N executions (default: 10000 unless --time is given).")
  Long iterations;

  @Option(
      names = "--time",
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description = "Stop after this long, e.g. 60s, 5m, 2h.")
  Duration time;

  @Option(names = "--seed", description = "Random seed (default: chosen at random and printed).")
  Long seed;

  @Option(
      names = "--input",
      paramLabel = "FILE",
      description =
          "A fuzz target's first input (default: empty); mutations start from it, or, with"
              + " --fixed-input, every run gets it.")
  Path inputFile;

  @Option(
      names = "--fixed-input",
      description =
          "Give a fuzz target the same input in every run (--input, or empty): schedules are"
              + " searched, inputs not.")
  boolean fixedInput;

  @Option(
      names = "--keep-going",
      description = "Collect all distinct findings instead of stopping at the first.")
  boolean keepGoing;

  @Option(
      names = "--out",
      defaultValue = "weft-findings",
      description = "Directory for findings and summary.json (default: ${DEFAULT-VALUE}).")
  Path out;

  @Option(
      names = "--races",
      defaultValue = "jdk",
      paramLabel = "MODE",
      description =
          "Report data races: jdk (default) reports two threads calling one JDK object that is"
              + " not thread-safe (HashMap, ArrayList, Matcher, SimpleDateFormat...) with no"
              + " happens-before between the calls; fields also reports plain fields and array"
              + " elements of your code (benign races there are common); off turns it off.")
  String races;

  @Option(
      names = "--local-objects",
      paramLabel = "on|off",
      description =
          "on (default, unless --races fields): accesses to objects only the thread that made"
              + " them can reach (until stored where others can see them, or handed to the JDK)"
              + " are no scheduling points, so runs are shorter and explore only what can race;"
              + " off: every access is one (as Weft did before; findings record which).")
  String localObjects;

  @Option(
      names = "--no-spurious-wakeups",
      description =
          "Never wake a thread waiting in wait, park or await without a notify, unpark or"
              + " signal. By default a run may, now and then, as the JVM allows: a wait guarded"
              + " by if instead of while is a bug then.")
  boolean noSpuriousWakeups;

  @Option(
      names = "--max-steps",
      defaultValue = "1000000",
      description =
          "Scheduling points per run, taken while two or more threads are live, before it"
              + " counts as a hang (default: ${DEFAULT-VALUE}). A thread running alone (set-up"
              + " before the first start, the end after the last join) gets 100 times as many.")
  int maxSteps;

  @Option(
      names = "--run-timeout",
      defaultValue = "30s",
      converter = DurationConverter.class,
      description =
          "Wall-clock time per run before it counts as a hang, a last resort: time spent in"
              + " Weft's own work (loading and instrumenting classes) and waiting for a processor"
              + " on a busy machine is not counted; a hang is confirmed by a replay with ten times"
              + " every budget, within --time (default: ${DEFAULT-VALUE}).")
  Duration runTimeout;

  @Option(
      names = "--stall-timeout",
      defaultValue = "2s",
      converter = DurationConverter.class,
      description =
          "Processor time a thread may run without reaching a scheduling point before it is a"
              + " hang (Weft's own work and static initialisers count as progress; a thread alone"
              + " in the run has only --run-timeout), and wall-clock time it may stay blocked"
              + " outside Weft's control before the run is skipped (default: ${DEFAULT-VALUE}).")
  Duration stallTimeout;

  @Option(
      names = "--graph-events",
      paramLabel = "N",
      description =
          "segment: the most events of one run analysed in one interleaving graph (default:"
              + " ${DEFAULT-VALUE}). A longer run is analysed one window of N events at a time,"
              + " a different window each run, and its schedules replay the events before the"
              + " window as observed; Weft says so once. Lower it if planning runs out of memory,"
              + " raise it to plan across more of a long run at once.")
  int graphEvents = GraphBudget.DEFAULT.maxEvents();

  @Option(
      names = "--ignore-exception",
      paramLabel = "CLASS",
      description =
          "An exception the target throws on purpose (a test injecting a fault to reach its"
              + " failure path), by fully qualified class name; its subclasses match too, as in a"
              + " catch clause. A thread that dies of one is no finding and no reason to stop;"
              + " the rest of the run is still judged (a deadlock that follows is found)."
              + " Repeat for more. Recorded in each finding, so replay judges alike.")
  List<String> ignoredExceptions = new ArrayList<>();

  @Option(
      names = "--jvm-opt",
      paramLabel = "OPT",
      parameterConsumer = JvmOptionConsumer.class,
      description =
          "An option for the JVM the target runs in, e.g. -Dkey=value, -Xmx2g, --add-opens"
              + " java.base/java.lang=ALL-UNNAMED; repeat for more. Weft then runs in a new JVM"
              + " with them. Recorded in each finding, so replay uses them too.")
  List<String> jvmOptions = new ArrayList<>();

  @Option(names = "--jdk", paramLabel = "MODE", description = JdkChoice.DESCRIPTION)
  JdkChoice.Mode jdk = JdkChoice.defaultMode();

  @Option(
      names = "--show-output",
      description =
          "Print the target's own output of every execution (default: only of the first; the"
              + " output of a failing execution is in its report either way).")
  boolean showOutput;

  @Option(
      names = "--quiet",
      description =
          "No progress output, and none of the target's output (unless --show-output); findings"
              + " and the summary are still printed.")
  boolean quiet;

  @Option(
      names = "--verbose",
      description =
          "Say more: the strategy in full (how segment chooses its fresh runs) as well as its"
              + " name; summary.json holds it either way.")
  boolean verbose;

  @Mixin MinimiseOptions minimise;

  @Spec CommandSpec spec;

  /** Set once the strategy name has been validated. */
  private String strategyDescription;

  @Override
  public Integer call() throws IOException {
    try {
      jdk =
          JdkChoice.effective(
              jdk, spec.commandLine().getParseResult().hasMatchedOption("--jdk"), System.err);
    } catch (IllegalStateException e) {
      System.err.println("weft: " + e.getMessage());
      return WeftCli.USAGE;
    }
    jvmOptions = JdkChoice.apply(jvmOptions, jdk);
    if (!ChildJvm.inEffect(jvmOptions)) {
      return ChildJvm.run(
          jvmOptions,
          spec.root().commandLine().getParseResult().originalArgs(),
          System.out,
          System.err);
    }
    PrintStream err = System.err;
    TargetSpec spec;
    try {
      spec = target.spec(args);
    } catch (IllegalArgumentException e) {
      err.println("weft: " + e.getMessage());
      return WeftCli.USAGE;
    }
    if (maxSteps < 1 || depth < 1) {
      err.println("weft: --max-steps and --depth must be positive");
      return WeftCli.USAGE;
    }
    if (threadsBound < 0) {
      err.println("weft: --threads-bound must be 0 (off) or positive");
      return WeftCli.USAGE;
    }
    if (graphEvents < GraphBudget.MIN_EVENTS) {
      err.println("weft: --graph-events must be at least " + GraphBudget.MIN_EVENTS);
      return WeftCli.USAGE;
    }
    long chosenSeed = seed != null ? seed : ThreadLocalRandom.current().nextLong(1L << 48);
    long budget = iterations != null ? iterations : (time == null ? 10_000 : 0);
    List<Path> cp = new ArrayList<>();
    for (String part : classPath.split(java.io.File.pathSeparator)) {
      if (!part.isBlank()) {
        Path p = Path.of(part);
        if (!Files.exists(p)) {
          err.println("weft: class path entry does not exist: " + p);
          return WeftCli.USAGE;
        }
        cp.add(p);
      }
    }
    RaceMode raceMode;
    boolean trackLocals;
    ExpectedExceptions ignored;
    try {
      ignored = ExpectedExceptions.of(ignoredExceptions);
      strategy = Strategies.withInterference(strategy, interference);
      strategyDescription =
          Strategies.create(strategy, depth, threadsBound, 0, id -> 0L, GraphBudget.DEFAULT)
              .describe();
      raceMode = RaceMode.parse(races);
      trackLocals =
          localObjects == null
              ? RunExecutor.localObjectsByDefault(raceMode)
              : OnOff.parse("--local-objects", localObjects);
    } catch (IllegalArgumentException e) {
      err.println("weft: " + e.getMessage());
      return WeftCli.USAGE;
    }
    CampaignConfig config =
        new CampaignConfig(
            spec,
            cp,
            strategy,
            depth,
            threadsBound,
            chosenSeed,
            budget,
            time,
            keepGoing,
            out,
            new RunBudget(maxSteps, runTimeout.toMillis(), stallTimeout.toMillis()),
            jvmOptions,
            new GraphBudget(graphEvents),
            quiet,
            showOutput,
            raceMode,
            trackLocals,
            minimise.budget(),
            ignored);
    config = config.withSpuriousWakeups(!noSpuriousWakeups);
    try {
      config = config.withInputs(inputOptions());
    } catch (IOException e) {
      err.println("weft: cannot read --input " + inputFile + ": " + e.getMessage());
      return WeftCli.USAGE;
    }
    PrintStream out = System.out;
    Campaign campaign = new Campaign(config, out, err);
    if (!quiet) {
      err.printf(
          "[weft] target %s, strategy %s, seed %d, %s%s%n",
          spec.describe(),
          verbose ? strategyDescription : strategy,
          chosenSeed,
          budget > 0 ? budget + " executions" : "for " + DurationText.of(time),
          ignored.isEmpty() ? "" : ", ignoring " + String.join(", ", ignored.names()));
    }
    try (StopHook hook = StopHook.install(campaign::requestStop, 10)) {
      CampaignResult result = campaign.run();
      err.flush();
      printSummary(out, result, campaign);
      out.flush();
      if (result.weftFailed()) {
        err.println(
            "weft: "
                + result.stopReason()
                + "; the summary and the findings so far are in "
                + config.out());
        return result.findings().isEmpty() ? WeftCli.WEFT_FAILED : WeftCli.FOUND;
      }
      if (result.stopReason() != null && result.stopReason().startsWith("every run is skipped")) {
        err.println("weft: " + result.stopReason());
        return WeftCli.USAGE;
      }
      return result.findings().isEmpty() ? WeftCli.NOTHING_FOUND : WeftCli.FOUND;
    } catch (TargetException e) {
      err.println("weft: " + e.getMessage());
      return WeftCli.USAGE;
    }
  }

  /** The results: standard output, so that {@code weft run ... | tee} keeps them. */
  private static void printSummary(PrintStream out, CampaignResult result, Campaign campaign) {
    out.printf(
        "[weft] done (%s): %,d executions in %.1f s (%,.0f/s), %d finding(s)%s%n",
        result.stopReason(),
        result.executions(),
        result.seconds(),
        result.executions() / Math.max(result.seconds(), 1e-9),
        result.findings().size(),
        result.skipped() > 0 ? ", " + result.skipped() + " runs skipped" : "");
    if (result.targetStuck()) {
      out.printf("[weft] note: %s%n", Campaign.STUCK_HINT);
    }
    if (result.strategyStatus() != null) {
      out.printf("[weft] %s%n", result.strategyStatus());
    }
    Map<String, String> skipped = result.skippedClasses();
    out.printf(
        "[weft] instrumented %,d class%s%s, skipped %d%s%n",
        result.instrumentedClasses(),
        result.instrumentedClasses() == 1 ? "" : "es",
        result.definedAtRunTime() == 0
            ? ""
            : String.format(
                " (and %,d defined by the program while it ran)", result.definedAtRunTime()),
        skipped.size(),
        skipped.isEmpty() ? "" : " (they ran outside Weft's control):");
    skipped.entrySet().stream()
        .limit(10)
        .forEach(e -> out.printf("[weft]   %s: %s%n", e.getKey(), e.getValue()));
    if (skipped.size() > 10) {
      out.printf("[weft]   ... and %d more (summary.json lists all)%n", skipped.size() - 10);
    }
    for (FoundBug bug : result.findings()) {
      out.printf(
          "[weft]   %s  first at execution %d  %s%s%n",
          bug.id(),
          bug.firstExecution(),
          bug.file(),
          campaign.inEveryRun(bug.failure().signature())
              ? "  (found in every run: expected? see --ignore-exception)"
              : "");
    }
  }

  private InputOptions inputOptions() throws IOException {
    byte[] initial = inputFile == null ? new byte[0] : Files.readAllBytes(inputFile);
    return new InputOptions(
        initial,
        fixedInput ? InputOptions.Mode.FIXED : InputOptions.Mode.SEARCH,
        InputOptions.DEFAULT_MAX_LENGTH);
  }
}
