package dev.weft.runtime.exec;

/** The target cannot be run at all (missing class or method): a configuration error, exit 2. */
public final class TargetException extends Exception {
  private static final long serialVersionUID = 1L;

  public TargetException(String message) {
    super(message);
  }
}
