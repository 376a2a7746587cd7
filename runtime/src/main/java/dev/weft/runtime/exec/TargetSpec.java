package dev.weft.runtime.exec;

import java.util.List;

/**
 * What to run: a class's {@code main(String[])} with arguments, a named no-argument method (static,
 * or an instance method of a class with a no-argument constructor), or a JUnit test method with its
 * class's lifecycle ({@link TestLifecycle}). Together with the class path and the scheduling
 * decisions this determines a run completely.
 */
public record TargetSpec(Mode mode, String className, String methodName, List<String> args) {

  /** How the target is entered. */
  public enum Mode {
    MAIN,
    METHOD,
    /** A JUnit 5 test method, run with the lifecycle methods JUnit would run around it. */
    TEST
  }

  public TargetSpec {
    args = List.copyOf(args);
  }

  public static TargetSpec main(String className, List<String> args) {
    return new TargetSpec(Mode.MAIN, className, "main", args);
  }

  /** Parses {@code com.acme.Tests::raceOnCounter}. */
  public static TargetSpec method(String classAndMethod) {
    int sep = classAndMethod.indexOf("::");
    if (sep <= 0 || sep + 2 >= classAndMethod.length()) {
      throw new IllegalArgumentException(
          "--target must look like com.acme.Class::method, got '" + classAndMethod + "'");
    }
    return new TargetSpec(
        Mode.METHOD,
        classAndMethod.substring(0, sep),
        classAndMethod.substring(sep + 2),
        List.of());
  }

  /** Parses {@code com.acme.AccountTest#deposits} (a nested class: {@code Outer$Inner#m}). */
  public static TargetSpec test(String classAndMethod) {
    int sep = classAndMethod.lastIndexOf('#');
    if (sep <= 0 || sep + 1 >= classAndMethod.length()) {
      throw new IllegalArgumentException(
          "--test must look like com.acme.ClassTest#method, got '" + classAndMethod + "'");
    }
    return new TargetSpec(
        Mode.TEST, classAndMethod.substring(0, sep), classAndMethod.substring(sep + 1), List.of());
  }

  public String describe() {
    if (mode == Mode.MAIN) {
      return className + (args.isEmpty() ? "" : " " + String.join(" ", args));
    }
    if (mode == Mode.TEST) {
      return className + "#" + methodName;
    }
    return className + "::" + methodName;
  }
}
