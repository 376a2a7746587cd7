package dev.weft.cli;

import dev.weft.runtime.jdk.inside.InstrumentedJdk;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code --jdk}: whether the target's JVM runs the instrumented {@code java.base} (its own
 * monitors, waits and notifications under Weft's control) or only Weft's models of the JDK from
 * outside. The choice travels as one JVM option, {@link #MARKER}, recorded with the campaign and
 * each finding like any {@code --jvm-opt}, so that a resumed campaign and a replay run as the
 * original did; only where a JVM is started is it turned into this machine's {@code --patch-module}
 * options ({@link #expand}), so nothing machine-specific is recorded.
 */
final class JdkChoice {
  static final String MARKER = "-Dweft.jdk=instrumented";

  static final String DESCRIPTION_WITHOUT_DEFAULT =
      "How the JDK's own code runs: instrumented (the JDK's monitors, waits and notifications"
          + " inside its classes run under Weft's control, from java.base rewritten once per JDK"
          + " and cached in ~/.cache/weft, or $WEFT_CACHE) or models (only Weft's models of the"
          + " JDK, from outside). Recorded like --jvm-opt, so replay runs alike.";

  static final String DESCRIPTION = DESCRIPTION_WITHOUT_DEFAULT + " Default: ${DEFAULT-VALUE}.";

  enum Mode {
    models,
    instrumented
  }

  /**
   * What the JDK's code runs as unless {@code --jdk} says otherwise: instrumented, which finds what
   * the models cannot see (the JDK's own monitors, waits, parks, parallel streams, weakly
   * consistent queues) with no false alarm on the real-library programs and about the same rate
   * (docs/how-it-works.md, "Inside the JDK"). {@code -Dweft.jdk.default=models} sets it for a JVM:
   * Weft's own test suite, which runs most commands in its JVM, pins it so.
   */
  static Mode defaultMode() {
    return "models".equals(System.getProperty("weft.jdk.default"))
        ? Mode.models
        : Mode.instrumented;
  }

  private JdkChoice() {}

  /**
   * The mode a new run or campaign gets: {@code mode} as given ({@code given}: on the command line)
   * or as defaulted. The instrumented JDK is built now if the cache has none (progress on {@code
   * err}). Where it cannot be built (an unwritable cache folder), a defaulted one falls back to the
   * models, saying so once; one asked for is refused with what to do.
   *
   * @throws IllegalStateException with the message for the user, when the mode asked for cannot be
   *     had
   */
  static Mode effective(Mode mode, boolean given, PrintStream err) {
    if (mode != Mode.instrumented) {
      return mode;
    }
    try {
      InstrumentedJdk.jvmOptions(err);
      return mode;
    } catch (java.io.UncheckedIOException | SecurityException e) {
      String why =
          e.getMessage()
              + (e.getCause() != null ? " (" + e.getCause() + ")" : "")
              + "; set WEFT_CACHE to a writable folder";
      if (given) {
        throw new IllegalStateException(why, e);
      }
      err.println("weft: " + why + ". Running with --jdk models (pass it to say so).");
      return Mode.models;
    }
  }

  /** An option {@link #expand} makes: a child gets this machine's afresh, never two of them. */
  static boolean isPatchOption(String arg) {
    return arg.startsWith("--patch-module")
        || arg.startsWith("--add-exports=java.base/jdk.internal.weft")
        || arg.startsWith("-Djdk.module.patch");
  }

  /** {@code options} with the marker added or taken out for {@code mode}; null mode: as given. */
  static List<String> apply(List<String> options, Mode mode) {
    if (mode == null) {
      return options;
    }
    List<String> out = new ArrayList<>(options == null ? List.of() : options);
    out.remove(MARKER);
    if (mode == Mode.instrumented) {
      out.add(MARKER);
    }
    return out;
  }

  /**
   * The options a new JVM is started with: the marker becomes this machine's patch options (the
   * instrumented JDK built first if the cache has none; {@code progress} hears of it).
   */
  static List<String> expand(List<String> options, PrintStream progress) {
    if (!options.contains(MARKER)) {
      return options;
    }
    List<String> out = new ArrayList<>(InstrumentedJdk.jvmOptions(progress));
    int feature = Runtime.version().feature();
    if (feature >= 21 && feature < 24) {
      // a virtual thread waiting in Object.wait keeps its platform thread before JDK 24
      out.add("-Dweft.carriers=platform");
    }
    out.addAll(options);
    return out;
  }
}
