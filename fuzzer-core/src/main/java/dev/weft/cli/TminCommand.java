package dev.weft.cli;

import dev.weft.corpus.CorruptFileException;
import dev.weft.corpus.FindingFiles;
import dev.weft.corpus.FindingRecord;
import dev.weft.fuzz.minimise.CapturingRunner;
import dev.weft.fuzz.minimise.InputMinimiser;
import dev.weft.fuzz.minimise.Minimisation;
import dev.weft.fuzz.minimise.MinimiseBudget;
import dev.weft.fuzz.minimise.NotReproducedException;
import dev.weft.fuzz.minimise.ScheduleMinimiser;
import dev.weft.fuzz.minimise.ScheduleShape;
import dev.weft.fuzz.output.TargetOutput;
import dev.weft.fuzz.report.InputReport;
import dev.weft.fuzz.report.InterleavingPrinter;
import dev.weft.fuzz.report.ReplayHints;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetException;
import dev.weft.trace.SiteTable;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code weft tmin}: shrinks a finding's interleaving to the fewest preemptions, then threads and
 * steps, that still show the same failure, and writes it as a new finding file. A report is read by
 * someone who has to understand the bug; every preemption left in it is one more thing to explain.
 */
@Command(
    name = "tmin",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Minimise a finding: the fewest preemptions (switches away from a thread that could have gone on), then threads and steps, with the same failure signature. Delta debugging over the preemptions, then over all context switches; every candidate is a real run, so the result replays exactly.",
      "Exit code: 0 the minimised finding was written, 2 the file cannot be used (missing, corrupt, other format version, class path gone, --out exists) or no longer reproduces; nothing is written then."
    })
public final class TminCommand implements Callable<Integer> {
  @Parameters(paramLabel = "FILE", description = "A .weft finding file.")
  Path file;

  @Option(
      names = "--out",
      required = true,
      paramLabel = "FILE",
      description = "Where to write the minimised finding; must not exist.")
  Path outFile;

  @Option(
      names = "--time",
      paramLabel = "DURATION",
      defaultValue = "30s",
      converter = DurationConverter.class,
      description = "Stop minimising after this long (default: ${DEFAULT-VALUE}).")
  Duration time;

  @Option(
      names = "--iterations",
      paramLabel = "N",
      defaultValue = "0",
      description = "Stop after N candidate runs (default: no limit).")
  long iterations;

  @Option(
      names = {"--cp", "--classpath"},
      paramLabel = "PATH",
      description = "Use this class path instead of the one recorded in the file.")
  String classPath;

  @Option(
      names = "--rows",
      defaultValue = "200",
      description =
          "Show the last N steps of the minimised interleaving; 0 shows all (default:"
              + " ${DEFAULT-VALUE}).")
  int rows;

  @Option(
      names = "--jvm-opt",
      paramLabel = "OPT",
      parameterConsumer = JvmOptionConsumer.class,
      description = "An option for the target's JVM; replaces the recorded ones.")
  List<String> jvmOptions = new ArrayList<>();

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    PrintStream out = System.out;
    PrintStream err = System.err;
    FindingRecord record;
    try {
      record = FindingFiles.read(file);
    } catch (NoSuchFileException e) {
      err.println("weft: no such file: " + file);
      return WeftCli.USAGE;
    } catch (CorruptFileException e) {
      err.println("weft: " + e.getMessage());
      return WeftCli.USAGE;
    }
    if (Files.exists(outFile)) {
      err.println(
          "weft: " + outFile + " exists; give another --out (tmin never overwrites a file)");
      return WeftCli.USAGE;
    }
    if (iterations < 0) {
      err.println("weft: --iterations must not be negative");
      return WeftCli.USAGE;
    }
    List<String> options = jvmOptions.isEmpty() ? record.jvmOptions() : jvmOptions;
    if (!ChildJvm.inEffect(options)) {
      return ChildJvm.run(
          options, spec.root().commandLine().getParseResult().originalArgs(), out, err);
    }
    RunExecutor executor = FindingExecutor.forRecord(record, classPath, err);
    if (executor == null) {
      return WeftCli.USAGE;
    }
    SiteTable sites = executor.sites();
    try {
      executor.validate();
    } catch (TargetException e) {
      err.println("weft: " + e.getMessage());
      return WeftCli.USAGE;
    }
    out.println(
        "Minimising "
            + record.kind().label()
            + " in "
            + record.target().describe()
            + " (budget "
            + time.toSeconds()
            + " s"
            + (iterations > 0 ? ", " + iterations + " runs" : "")
            + ")");
    out.flush();
    Minimisation m;
    InputMinimiser.Result shorter = null;
    try (TargetOutput output = TargetOutput.install()) {
      MinimiseBudget budget = new MinimiseBudget(time, iterations);
      CapturingRunner runner = new CapturingRunner(executor, output);
      m = new ScheduleMinimiser(runner, budget).minimise(record.decisions(), record.signature());
      if (record.input() != null) {
        shorter =
            new InputMinimiser(executor, runner, budget)
                .minimise(record.input(), m.decisions(), record.signature(), m.run(), m.failure());
      }
    } catch (NotReproducedException e) {
      err.println(
          "weft: "
              + file
              + " does not reproduce its "
              + record.kind().label()
              + " ("
              + e.getMessage()
              + "); the target may have changed. Nothing written.");
      return WeftCli.USAGE;
    }
    FindingRecord written = minimised(record, m);
    RunResult shown = m.run();
    if (shorter != null) {
      shown = shorter.run();
      written = withInput(written, shorter);
    }
    FindingFiles.write(written, outFile);
    printShapes(out, m);
    if (shorter != null) {
      out.printf(
          "%-12s %8d %8d   (%d candidate runs in %.1f s)%n",
          "input bytes",
          record.input().length,
          shorter.input().length,
          shorter.candidates(),
          shorter.nanos() / 1e9);
      out.print(InputReport.section(shorter.input(), shorter.consumed()));
    }
    out.println();
    out.println("Minimised interleaving (thread columns, in execution order):");
    out.print(
        shorter == null
            ? InterleavingPrinter.render(
                shown, sites, rows, ReplayHints.EVERY_STEP_IN_REPLAY, m.switches())
            : InterleavingPrinter.render(shown, sites, rows, ReplayHints.EVERY_STEP_IN_REPLAY));
    out.println();
    out.println("wrote " + outFile + "; replay with: " + ReplayHints.command(outFile));
    return WeftCli.NOTHING_FOUND;
  }

  private static FindingRecord minimised(FindingRecord r, Minimisation m) {
    return r.withRun(m.decisions(), m.failure().message(), m.failure().details(), r.input());
  }

  /** The minimised finding with the shorter input and the decisions of the run that kept it. */
  private static FindingRecord withInput(FindingRecord r, InputMinimiser.Result shorter) {
    return r.withRun(
        shorter.run().decisions(),
        shorter.failure().message(),
        shorter.failure().details(),
        shorter.input());
  }

  private static void printShapes(PrintStream out, Minimisation m) {
    ScheduleShape b = m.before();
    ScheduleShape a = m.after();
    out.println();
    out.printf("%-12s %8s %8s%n", "", "before", "after");
    out.printf("%-12s %8d %8d%n", "preemptions", b.preemptions(), a.preemptions());
    out.printf("%-12s %8d %8d%n", "threads", b.threads(), a.threads());
    out.printf("%-12s %8d %8d%n", "steps", b.steps(), a.steps());
    out.printf(
        "%d candidate runs in %.1f s%s%n",
        m.candidates(),
        m.nanos() / 1e9,
        m.budgetSpent() ? "; stopped by the budget (more --time may shrink it further)" : "");
  }
}
