package dev.weft.junit;

import dev.weft.cli.DurationConverter;
import dev.weft.corpus.SavedFindings;
import dev.weft.trace.StableHash;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;

/**
 * The budget and places of one {@code @WeftTest}: the default suits a unit test (1,000 executions
 * or 10 s, whichever ends first), the annotation's attributes change it for one test, and the
 * configuration parameters {@code weft.*} (system properties first, then {@code
 * junit-platform.properties}, as JUnit resolves them) change it for a whole run without a code
 * change, over the annotation: CI raises budgets, a developer replays only.
 *
 * @param iterations most executions (0: no limit)
 * @param time most search time (null: no limit)
 * @param findings the root under which findings are saved per class and method
 * @param work where each test's campaign writes its summary and reports
 * @param replayOnly replay the saved findings and search for no new ones
 * @param classPath the class path the test's classes are loaded from, null: the test run's own
 */
public record WeftTestSettings(
    long iterations,
    Duration time,
    String strategy,
    long seed,
    int depth,
    Path findings,
    Path work,
    boolean replayOnly,
    String classPath) {

  public static final long DEFAULT_ITERATIONS = 1_000;
  public static final Duration DEFAULT_TIME = Duration.ofSeconds(10);
  public static final String DEFAULT_STRATEGY = "segment";
  public static final int DEFAULT_DEPTH = 3;
  public static final Path DEFAULT_FINDINGS = SavedFindings.DEFAULT_ROOT;

  /**
   * Resolves the settings of the test {@code className#methodName}.
   *
   * @param config a configuration parameter by name, if set
   */
  static WeftTestSettings resolve(
      WeftTest annotation,
      String className,
      String methodName,
      Function<String, Optional<String>> config) {
    long iterations =
        config
            .apply("weft.iterations")
            .map(v -> parseLong("weft.iterations", v))
            .orElse(annotation.iterations() >= 0 ? annotation.iterations() : DEFAULT_ITERATIONS);
    Duration time =
        config
            .apply("weft.time")
            .or(() -> nonEmpty(annotation.time()))
            .map(DurationConverter::parse)
            .orElse(DEFAULT_TIME);
    String strategy =
        config
            .apply("weft.strategy")
            .or(() -> nonEmpty(annotation.strategy()))
            .orElse(DEFAULT_STRATEGY);
    long seed =
        config
            .apply("weft.seed")
            .map(v -> parseLong("weft.seed", v))
            .orElse(
                annotation.seed() != Long.MIN_VALUE
                    ? annotation.seed()
                    : seedOf(className, methodName));
    int depth =
        config
            .apply("weft.depth")
            .map(v -> (int) parseLong("weft.depth", v))
            .orElse(annotation.depth() > 0 ? annotation.depth() : DEFAULT_DEPTH);
    Path findings =
        config
            .apply("weft.findings")
            .or(() -> nonEmpty(annotation.findings()))
            .map(Path::of)
            .orElse(DEFAULT_FINDINGS);
    Path work = config.apply("weft.workDir").map(Path::of).orElseGet(WeftTestSettings::buildDir);
    boolean replayOnly =
        config.apply("weft.replayOnly").map(v -> v.trim().equalsIgnoreCase("true")).orElse(false);
    String classPath = config.apply("weft.classPath").orElse(null);
    if (iterations == 0 && time.isZero()) {
      throw new IllegalArgumentException(
          "weft.iterations and weft.time are both 0: the search would never end");
    }
    return new WeftTestSettings(
        iterations,
        time.isZero() ? null : time,
        strategy,
        seed,
        depth,
        findings,
        work,
        replayOnly,
        classPath);
  }

  /** A seed of the test's names alone, so that a red build is red again on the next run. */
  static long seedOf(String className, String methodName) {
    return StableHash.mix(0, className + "#" + methodName) & ((1L << 48) - 1);
  }

  /** {@code target/weft-junit}, or {@code build/weft-junit} in a Gradle project. */
  private static Path buildDir() {
    boolean gradle =
        !java.nio.file.Files.exists(Path.of("pom.xml"))
            && (java.nio.file.Files.exists(Path.of("build.gradle"))
                || java.nio.file.Files.exists(Path.of("build.gradle.kts")));
    return Path.of(gradle ? "build" : "target", "weft-junit");
  }

  private static Optional<String> nonEmpty(String value) {
    return value.isBlank() ? Optional.empty() : Optional.of(value);
  }

  private static long parseLong(String name, String value) {
    try {
      return Long.parseLong(value.trim().replace("_", "").replace(",", ""));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " must be a whole number, got '" + value + "'");
    }
  }
}
