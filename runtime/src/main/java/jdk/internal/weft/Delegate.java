package jdk.internal.weft;

/**
 * What the JDK's own monitors do, as Weft's instrumented {@code java.base} asks: this base class is
 * the JVM's behaviour, for every thread and for any JVM in which Weft never installs its own.
 * Weft's runtime extends it, and for the threads it controls takes each monitor in its model as
 * well, so that a thread that would block inside JDK code is simply not enabled and a JDK-internal
 * {@code wait} hands the turn on. The class lives in {@code java.base} (given to the JVM with
 * {@code --patch-module}), because the JDK's classes can call nothing outside it.
 */
public class Delegate {
  /** Before the JVM's {@code monitorenter} of {@code lock}: the model's entry, which may block. */
  public void enter(Object lock, String where, int line) {}

  /** After the JVM's {@code monitorexit} of {@code lock}: the model's release. */
  public void exited(Object lock) {}

  /** {@code lock.wait(millis, nanos)} in JDK code. */
  public void await(Object lock, long millis, int nanos, String where, int line)
      throws InterruptedException {
    lock.wait(millis, nanos);
  }

  /** {@code lock.notify()} or {@code notifyAll()} in JDK code. */
  public void notify(Object lock, boolean all, String where, int line) {
    if (all) {
      lock.notifyAll();
    } else {
      lock.notify();
    }
  }
}
