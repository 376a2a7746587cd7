package dev.weft.examples;

import java.util.Arrays;
import java.util.Objects;

/**
 * One runnable example program: a class with {@code public static void main(String[])}, the
 * arguments to pass, and what the fuzzer is expected to find.
 *
 * @param mainClass fully qualified name of the class whose {@code main} is run
 * @param args arguments for {@code main} (never {@code null}; defensively copied)
 * @param expected the kind of failure a fuzzer must find, or {@link Expected#NONE} for a correct
 *     twin that must never fail under any interleaving
 * @param twinOf for a correct twin, the fully qualified name of the buggy class it fixes; {@code
 *     null} for buggy examples
 */
public record Example(String mainClass, String[] args, Expected expected, String twinOf) {

  /** The kind of failure an example exhibits in some interleaving. */
  public enum Expected {
    /**
     * An uncaught throwable that is not an {@link AssertionError} (e.g. a NullPointerException).
     */
    EXCEPTION,
    /** An {@link AssertionError}, from a Java {@code assert} or an explicit {@code throw}. */
    ASSERTION,
    /** Live threads none of which can proceed. */
    DEADLOCK,
    /** Correct twin: no interleaving fails. */
    NONE
  }

  public Example {
    Objects.requireNonNull(mainClass, "mainClass");
    Objects.requireNonNull(expected, "expected");
    args = args == null ? new String[0] : args.clone();
    if ((expected == Expected.NONE) != (twinOf != null)) {
      throw new IllegalArgumentException(
          "twins (and only twins) must have expected NONE: " + mainClass);
    }
  }

  /** Returns a copy of the arguments. */
  @Override
  public String[] args() {
    return args.clone();
  }

  /** Whether this is a correct twin (expected {@link Expected#NONE}). */
  public boolean isTwin() {
    return twinOf != null;
  }

  /**
   * The simple class name followed by the arguments, e.g. {@code FlagX(10,10)} or {@code Figure1}.
   */
  public String id() {
    String simple = mainClass.substring(mainClass.lastIndexOf('.') + 1);
    return args.length == 0 ? simple : simple + "(" + String.join(",", args) + ")";
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Example e
        && mainClass.equals(e.mainClass)
        && Arrays.equals(args, e.args)
        && expected == e.expected
        && Objects.equals(twinOf, e.twinOf);
  }

  @Override
  public int hashCode() {
    return Objects.hash(mainClass, Arrays.hashCode(args), expected, twinOf);
  }

  @Override
  public String toString() {
    return id() + " expected=" + expected + (twinOf == null ? "" : " twinOf=" + twinOf);
  }
}
