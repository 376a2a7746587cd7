package dev.weft.runtime.jdk;

/**
 * What one controlled thread is doing inside JDK code, apart from its place in the schedule: the
 * JDK's monitors, waits and lock-free collections ask of a thread things no target code does, and
 * the models of those calls keep them here, beside the thread ({@code ControlledThread.inJdk()}).
 */
public final class ThreadInJdk {
  /**
   * The JVM monitor this thread holds while it waits, inside JDK code, for its turn: a JDK-internal
   * {@code wait} on a monitor the JVM also holds (see {@code jdk.inside.ControlledJdk}) must let
   * the JVM's monitor go while it waits, so its carrier waits in {@code Object.wait} instead of
   * parking and is woken by an interrupt. Null otherwise.
   */
  private volatile Object nativeMonitor;

  /** Set while Weft's model serves one of this thread's JDK-internal monitor operations. */
  private boolean servingJdk;

  /**
   * The location of the JDK lock-free collection whose call this thread is inside, or 0: while it
   * is set, the collection's inner steps are scheduling points on it (see {@code jdk.JdkCalls}).
   */
  private long insideLockFree;

  /** Whether this thread is inside Weft's model of a JDK-internal monitor operation. */
  public boolean servingJdk() {
    return servingJdk;
  }

  /** Enters or leaves the model of a JDK-internal monitor operation. */
  public void servingJdk(boolean on) {
    servingJdk = on;
  }

  public long insideLockFree() {
    return insideLockFree;
  }

  public void insideLockFree(long location) {
    insideLockFree = location;
  }

  /**
   * Waits for the turn with the JVM's monitor of {@code lock} let go: see {@link #nativeMonitor}.
   */
  public void awaitTurnReleasing(Object lock) {
    nativeMonitor = lock;
  }

  /** The wait of {@link #awaitTurnReleasing} is over. */
  public void turnAwaited() {
    nativeMonitor = null;
  }

  /**
   * The monitor the thread lets go while it waits for its turn, or null: see {@link
   * #nativeMonitor}.
   */
  public Object nativeMonitor() {
    return nativeMonitor;
  }
}
