package dev.weft.maven;

/**
 * The exit codes of Weft's command line (part of its interface, {@code weft --help}), read in
 * Maven's terms: which end the goal normally and which are an error of the build.
 */
final class WeftExit {
  static final int NOTHING_FOUND = 0;
  static final int FOUND = 1;
  static final int USAGE = 2;
  static final int WEFT_FAILED = 3;

  private WeftExit() {}

  static String describe(int code) {
    return switch (code) {
      case NOTHING_FOUND -> "exit code 0 (nothing found)";
      case FOUND -> "exit code 1 (findings)";
      case USAGE -> "exit code 2: a usage or configuration error (Weft's message is above)";
      case WEFT_FAILED -> "exit code 3: Weft itself failed (its message is above)";
      default -> "exit code " + code + " (stopped from outside, or the JVM could not start)";
    };
  }
}
