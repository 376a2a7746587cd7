package dev.weft.runtime.control;

/**
 * Replaces {@code System.exit} in target code: exiting would end Weft itself, so the call ends the
 * run instead.
 */
public final class TargetExit extends Error {
  private static final long serialVersionUID = 1L;
  private final int status;

  public TargetExit(int status) {
    super("target called System.exit(" + status + ")", null, false, false);
    this.status = status;
  }

  public int status() {
    return status;
  }
}
