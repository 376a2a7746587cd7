package jdk.internal.weft;

/**
 * The static entry points that Weft's instrumented {@code java.base} calls around its monitors,
 * waits and notifications. Each forwards to the {@link Delegate} installed, which until Weft
 * installs its own is the JVM's behaviour. Nothing here may take a monitor or load a class beyond
 * these two: the JDK calls in while it is still starting.
 */
public final class Bridge {
  private static volatile Delegate delegate = new Delegate();

  private Bridge() {}

  /** Installs Weft's delegate; the instrumented JDK is in use from then on. */
  public static void install(Delegate d) {
    delegate = d == null ? new Delegate() : d;
  }

  public static void monitorEnter(Object lock, String where, int line) {
    delegate.enter(lock, where, line);
  }

  public static void monitorExited(Object lock) {
    delegate.exited(lock);
  }

  public static void await(Object lock, String where, int line) throws InterruptedException {
    delegate.await(lock, 0L, 0, where, line);
  }

  public static void await(Object lock, long millis, String where, int line)
      throws InterruptedException {
    delegate.await(lock, millis, 0, where, line);
  }

  public static void await(Object lock, long millis, int nanos, String where, int line)
      throws InterruptedException {
    delegate.await(lock, millis, nanos, where, line);
  }

  public static void notify(Object lock, String where, int line) {
    delegate.notify(lock, false, where, line);
  }

  public static void notifyAll(Object lock, String where, int line) {
    delegate.notify(lock, true, where, line);
  }
}
