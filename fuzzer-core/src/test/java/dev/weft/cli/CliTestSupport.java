package dev.weft.cli;

import dev.weft.corpus.FindingFiles;
import dev.weft.fuzz.Harness;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the command-line tests share: {@code System.out} and {@code System.err} captured around each
 * test (the commands print there, and a child JVM's output is copied there), a temporary directory,
 * and the class paths of the examples and of this module's test targets.
 */
abstract class CliTestSupport {
  @TempDir Path dir;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private PrintStream oldOut;
  private PrintStream oldErr;

  @BeforeEach
  void capture() {
    oldOut = System.out;
    oldErr = System.err;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @AfterEach
  void restore() {
    System.setOut(oldOut);
    System.setErr(oldErr);
  }

  static String examples() {
    return Harness.examplesPath().toString();
  }

  static String targets() {
    return Harness.testTargetsPath().toString();
  }

  /**
   * Runs {@code weft run} on a test target with {@code options} (the JDK mode, a seed, ...) for
   * {@code iterations} executions into {@code out}, with {@code args} as the program's arguments;
   * returns the exit code.
   */
  static int runTarget(
      Path out, Class<?> main, int iterations, List<String> options, String... args) {
    List<String> command = new ArrayList<>(List.of("run"));
    command.addAll(options);
    command.addAll(
        List.of(
            "--main",
            main.getName(),
            "--cp",
            targets(),
            "--iterations",
            String.valueOf(iterations),
            "--out",
            out.toString()));
    if (args.length > 0) {
      command.add("--args");
      command.addAll(List.of(args));
    }
    return WeftCli.execute(command.toArray(String[]::new));
  }

  String stdout() {
    return out.toString(StandardCharsets.UTF_8);
  }

  String stderr() {
    return err.toString(StandardCharsets.UTF_8);
  }

  /** Forgets what was printed so far. */
  void clearOutput() {
    out.reset();
    err.reset();
  }

  /** The one finding file (.weft) in {@code findings}, not the original kept beside it. */
  static Path findingFile(Path findings) throws IOException {
    try (Stream<Path> files = Files.list(findings)) {
      return files
          .filter(p -> p.toString().endsWith(".weft") && !FindingFiles.isOriginal(p))
          .findFirst()
          .orElseThrow();
    }
  }

  /** The report (.txt) written next to a finding file. */
  static String report(Path weft) throws IOException {
    return Files.readString(Path.of(weft.toString().replaceFirst("\\.weft$", ".txt")));
  }

  static int occurrences(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + part.length())) {
      n++;
    }
    return n;
  }
}
