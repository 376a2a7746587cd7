package dev.weft.junit;

import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The JUnit Jupiter a test runs with is the user's own: {@code weft-junit} declares JUnit as
 * provided, so a project on JUnit 6 (or any 5.x from 5.10) keeps its version and needs no BOM.
 * Older Jupiter versions are refused with a message that says what is needed, rather than with a
 * linkage error in the middle of a run.
 */
final class JupiterVersion {
  static final int OLDEST_MAJOR = 5;
  static final int OLDEST_MINOR = 10;

  private JupiterVersion() {}

  /** Throws if the JUnit Jupiter on the class path is older than Weft supports. */
  static void require() {
    String problem = problem(ExtensionContext.class.getPackage().getImplementationVersion());
    if (problem != null) {
      throw new ExtensionConfigurationException(problem);
    }
  }

  /** Why {@code version} will not do, or null if it will (or is not known: a repackaged jar). */
  static String problem(String version) {
    if (version == null || version.isBlank()) {
      return null;
    }
    String[] parts = version.split("[.-]");
    try {
      int major = Integer.parseInt(parts[0]);
      int minor = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
      if (major > OLDEST_MAJOR || (major == OLDEST_MAJOR && minor >= OLDEST_MINOR)) {
        return null;
      }
    } catch (NumberFormatException e) {
      return null;
    }
    return "@WeftTest needs JUnit Jupiter "
        + OLDEST_MAJOR
        + "."
        + OLDEST_MINOR
        + " or later (5.x or 6.x); this test runs with "
        + version
        + ". Raise org.junit.jupiter:junit-jupiter (or the junit-bom) in the project's test"
        + " dependencies.";
  }
}
