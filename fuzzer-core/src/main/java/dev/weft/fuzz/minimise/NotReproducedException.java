package dev.weft.fuzz.minimise;

/**
 * The schedule given to the minimiser does not show its failure (the target changed, or runs
 * differently on this JVM): there is nothing to minimise, and nothing may be written as if there
 * were.
 */
public final class NotReproducedException extends Exception {
  public NotReproducedException(String message) {
    super(message);
  }
}
