package dev.weft.runtime.control;

/**
 * Thrown out of a scheduling point to unwind a controlled thread when its run has ended early (a
 * finding, a budget, or a deadlock). An {@link Error} so that target code catching {@code
 * Exception} does not swallow it.
 */
public final class WeftAbort extends Error {
  private static final long serialVersionUID = 1L;

  /** Shared: the throw site is all that matters, and it carries no stack. */
  public static final WeftAbort INSTANCE = new WeftAbort();

  public WeftAbort() {
    super("run aborted by Weft", null, false, false);
  }
}
