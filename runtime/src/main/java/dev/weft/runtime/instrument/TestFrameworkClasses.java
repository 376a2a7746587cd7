package dev.weft.runtime.instrument;

/**
 * The test framework's own classes (JUnit, the assertion errors it throws, Weft's JUnit extension),
 * which a run never instruments: they are no part of the program under test, scheduling points in
 * them would only lengthen every run, and a finding's interleaving must not depend on whether the
 * test ran under the extension or from the command line. They are loaded once per class path, from
 * it, by a loader all runs share ({@link TargetClassPath#frameworkLoader()}).
 */
final class TestFrameworkClasses {
  private static final String[] PACKAGES = {"org.junit.", "org.opentest4j.", "org.apiguardian."};

  /** The extension's package alone: its sub-packages are code like any other (its own tests). */
  private static final String EXTENSION = "dev.weft.junit.";

  private TestFrameworkClasses() {}

  static boolean contains(String className) {
    if (className.startsWith(EXTENSION)) {
      return className.indexOf('.', EXTENSION.length()) < 0;
    }
    for (String p : PACKAGES) {
      if (className.startsWith(p)) {
        return true;
      }
    }
    return false;
  }
}
