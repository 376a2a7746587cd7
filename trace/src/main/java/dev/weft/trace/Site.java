package dev.weft.trace;

/**
 * A place in the target's bytecode where a scheduling point was inserted. The stable key is derived
 * from class, method and instruction ordinal only, so it is equal in every run and every process
 * that instruments the same class bytes; coverage keys and replay files rely on that.
 */
public record Site(
    int id,
    long stableKey,
    String className,
    String methodName,
    String sourceFile,
    int line,
    String operation) {

  /** {@code File.java:42}, or the class name when the class has no debug information. */
  public String fileAndLine() {
    String file = sourceFile == null ? simpleClassName() + ".java" : sourceFile;
    return line > 0 ? file + ":" + line : file;
  }

  public String simpleClassName() {
    int dot = className.lastIndexOf('.');
    return dot < 0 ? className : className.substring(dot + 1);
  }

  @Override
  public String toString() {
    return simpleClassName() + "." + methodName + "(" + fileAndLine() + ")";
  }
}
