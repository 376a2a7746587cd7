package dev.weft.runtime.control;

/** How a {@link Scheduler#block blocking operation} ended. */
public enum Blocked {
  DONE,
  TIMED_OUT,
  INTERRUPTED,
  /** Woken without cause, as the JVM allows; only for operations that may wake so. */
  SPURIOUS;

  /** Interruptible JDK operations end an interrupted wait with an exception. */
  public void throwIfInterrupted() throws InterruptedException {
    if (this == INTERRUPTED) {
      throw new InterruptedException();
    }
  }
}
