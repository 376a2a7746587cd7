package dev.weft.runtime.exec;

/** Rethrows a checked throwable from a {@link Runnable} without wrapping it. */
final class Sneaky {
  private Sneaky() {}

  @SuppressWarnings("unchecked")
  static <T extends Throwable> T rethrow(Throwable t) throws T {
    throw (T) t;
  }
}
