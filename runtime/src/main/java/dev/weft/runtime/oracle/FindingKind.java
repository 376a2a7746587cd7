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
  RACE;

  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
