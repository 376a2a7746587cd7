package dev.weft.runtime.juc.queued;

/**
 * Lets whatever the program's own code threw through a method handle leave the model unchanged (an
 * exception of the program, an error, Weft's own abort), as a direct call would.
 */
final class Rethrow {
  private Rethrow() {}

  /** Never returns: {@code throw Rethrow.unchecked(e)} keeps the compiler's flow analysis. */
  static RuntimeException unchecked(Throwable t) {
    throw Rethrow.<RuntimeException>sneaky(t);
  }

  @SuppressWarnings("unchecked")
  private static <T extends Throwable> T sneaky(Throwable t) throws T {
    throw (T) t;
  }
}
