package dev.weft.runtime.oracle;

/** The oracles' verdicts, as users see them in reports and {@code summary.json}. */
public enum FindingKind {
  /** An uncaught exception other than an assertion failure. */
  EXCEPTION,
  /** A failed {@code assert} or another {@link AssertionError}. */
  ASSERTION,
  /** Live threads, none of which can proceed. */
  DEADLOCK,
  /** The run exceeded its step or wall-clock budget. */
  HANG,
  /**
   * Two threads accessed one object that is not thread-safe (or, on request, one plain field)
   * without happens-before between the accesses, one of them a write.
   */
  RACE,
  /**
   * The program called {@code System.exit} (or {@code Runtime.exit}/{@code halt}) with a non-zero
   * status: how a program says it failed. Declared last: finding files store the ordinal.
   */
  EXIT;

  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
