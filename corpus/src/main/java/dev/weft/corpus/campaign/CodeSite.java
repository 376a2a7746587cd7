package dev.weft.corpus.campaign;

import java.util.Comparator;
import java.util.Objects;

/**
 * A place in the target's code, named as a person reads it and as every session and worker JVM
 * names it alike: trace site ids are numbered per process and cannot leave it. Two sites on one
 * line that do the same operation in the same method are one {@code CodeSite}, which is the
 * granularity the interleaving map shows.
 *
 * @param file the source file, or the class's simple name with {@code .java} when the class has no
 *     debug information
 * @param line the line, 0 when unknown
 * @param operation what the code does there ({@code read Counter.count}, {@code synchronized ...})
 */
public record CodeSite(String className, String method, String file, int line, String operation)
    implements Comparable<CodeSite> {
  private static final Comparator<CodeSite> ORDER =
      Comparator.comparing(CodeSite::file)
          .thenComparingInt(CodeSite::line)
          .thenComparing(CodeSite::className)
          .thenComparing(CodeSite::method)
          .thenComparing(CodeSite::operation);

  public CodeSite {
    Objects.requireNonNull(className);
    Objects.requireNonNull(method);
    Objects.requireNonNull(file);
    Objects.requireNonNull(operation);
  }

  /** {@code File.java:42}, or the file alone when the line is unknown. */
  public String fileAndLine() {
    return line > 0 ? file + ":" + line : file;
  }

  @Override
  public int compareTo(CodeSite o) {
    return ORDER.compare(this, o);
  }
}
