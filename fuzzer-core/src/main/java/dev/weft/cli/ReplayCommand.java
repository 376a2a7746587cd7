package dev.weft.cli;

import dev.weft.corpus.CorruptFileException;
import dev.weft.corpus.FindingFiles;
import dev.weft.corpus.FindingRecord;
import dev.weft.fuzz.minimise.SwitchRecorder;
import dev.weft.fuzz.output.TargetOutput;
import dev.weft.fuzz.report.AddOpensHint;
import dev.weft.fuzz.report.InputReport;
import dev.weft.fuzz.report.InterleavingPrinter;
import dev.weft.fuzz.report.ReplayHints;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RaceStacks;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetException;
import dev.weft.runtime.oracle.Failure;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.runtime.strategy.ReplayStrategy;
import dev.weft.trace.SiteTable;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code weft replay}: re-executes a finding's exact interleaving, in a JVM with the options it was
 * found with. The target's output is printed as it comes: one execution cannot flood the console.
 */
@Command(
    name = "replay",
    mixinStandardHelpOptions = true,
    description = {
      "Re-execute a finding exactly, print its failure and the interleaving as thread columns with the source line of each step.",
      "Exit code: 1 the failure reproduced, 0 it did not, 2 the file or target cannot be used."
    })
public final class ReplayCommand implements Callable<Integer> {
  @Parameters(paramLabel = "FILE", description = "A .weft file written by 'weft run'.")
  Path file;

  @Option(
      names = {"--cp", "--classpath"},
      paramLabel = "PATH",
      description = "Use this class path instead of the one recorded in the file.")
  String classPath;

  @Option(
      names = "--width",
      paramLabel = "N",
      description =
          "Lines of the interleaving at most N characters wide (default: $COLUMNS, or 120); each"
              + " thread's column is as wide as its steps need within it.")
  Integer width;

  @Option(
      names = "--verbose",
      description = "Name the strategy that found it with all its settings in the header.")
  boolean verbose;

  @Option(
      names = "--rows",
      defaultValue = "200",
      description =
          "Show the last N steps of the interleaving; 0 shows all (default: ${DEFAULT-VALUE}).")
  int rows;

  @Option(
      names = "--jvm-opt",
      paramLabel = "OPT",
      parameterConsumer = JvmOptionConsumer.class,
      description =
          "An option for the JVM the target runs in; repeat for more. Replaces the options"
              + " recorded in the file (default: the recorded ones).")
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
    out.println(
        "Replaying "
            + record.kind().label()
            + " in "
            + record.target().describe()
            + " (found by "
            + (verbose ? record.strategy() : strategyName(record.strategy()))
            + ", seed "
            + record.seed()
            + ", execution "
            + record.execution()
            + ")"
            + (options.isEmpty() ? "" : " with JVM options " + String.join(" ", options))
            + (record.ignoredExceptions().isEmpty()
                ? ""
                : ", ignoring " + String.join(", ", record.ignoredExceptions().names())));
    out.println();
    out.flush();
    RunResult result;
    Failure same;
    SwitchRecorder switches = new SwitchRecorder(new ReplayStrategy(record.decisions()));
    try (TargetOutput output = TargetOutput.install()) {
      output.beginExecution(true);
      try {
        result = executor.execute(switches, 1);
      } finally {
        if (!output.endExecution().isEmpty()) {
          out.println(); // the target's output ends here
        }
      }
      same = result.failure(record.signature());
      if (same != null && same.kind() == FindingKind.RACE) {
        output.beginExecution(false); // the same run again, quietly, keeping both stacks
        try {
          same = RaceStacks.explain(executor, result, same, 1);
        } finally {
          output.endExecution();
        }
      }
    } catch (TargetException e) {
      err.println("weft: " + e.getMessage());
      return WeftCli.USAGE;
    }
    boolean reproduced = same != null;
    if (result.failed()) {
      Failure shown = reproduced ? same : result.failure();
      out.println(shown.message());
      if (shown.details() != null && !shown.message().contains(shown.details().strip())) {
        out.println(shown.details());
      }
      for (Failure other : result.failures()) {
        if (!other.signature().equals(shown.signature())) {
          out.println("The same run also failed with: " + firstLine(other.message()));
        }
      }
      String hint = AddOpensHint.of(shown);
      if (hint != null) {
        out.println(hint);
      }
    } else {
      out.println("The run " + describe(result) + ".");
    }
    if (record.input() != null) {
      out.print(InputReport.section(record.input(), executor.lastInput().consumed()));
    }
    out.println();
    out.println("preemptions: " + switches.preemptions());
    out.println();
    out.println("Interleaving (thread columns, in execution order):");
    out.print(
        InterleavingPrinter.render(
            result,
            sites,
            rows,
            ReplayHints.EVERY_STEP_IN_REPLAY,
            switches.switches(),
            width != null ? width : InterleavingPrinter.width()));
    out.println();
    if (reproduced) {
      out.println("REPRODUCED: the same " + record.kind().label() + " as recorded.");
      return WeftCli.FOUND;
    }
    out.println("NOT REPRODUCED: recorded " + record.kind().label() + ": " + record.message());
    return WeftCli.NOTHING_FOUND;
  }

  private static String describe(RunResult result) {
    switch (result.outcome()) {
      case PASSED:
        return "passed";
      case DIVERGED:
        return "diverged from the recorded decisions (" + result.diagnostic() + ")";
      case SKIPPED:
        return "was skipped: " + result.diagnostic();
      default:
        return "failed differently";
    }
  }

  private static String firstLine(String s) {
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }

  /** A strategy's name without its settings ({@code segment(depth=2, ...)}: {@code segment}). */
  static String strategyName(String description) {
    int cut = description.length();
    for (char c : new char[] {'(', ' ', '['}) {
      int at = description.indexOf(c);
      if (at > 0) {
        cut = Math.min(cut, at);
      }
    }
    return description.substring(0, cut);
  }
}
