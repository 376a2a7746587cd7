package dev.weft.runtime.jdk.inside;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.sync.Monitors;
import jdk.internal.weft.Bridge;
import jdk.internal.weft.Delegate;

/**
 * The JDK's own monitors under Weft's control, where the JVM runs the instrumented {@code
 * java.base} ({@link InstrumentedJdk}): a controlled thread takes each of them in the model as well
 * as in the JVM, so that it never blocks inside the JVM on a monitor another controlled thread
 * holds (it is not enabled until that one leaves), a lock-order cycle through a JDK class's lock is
 * a deadlock finding, and a JDK-internal {@code wait} or {@code notify} is the model's. Every other
 * thread (the JVM's, Weft's own), and a controlled thread while Weft's model itself runs, gets the
 * JVM's behaviour.
 */
public final class ControlledJdk extends Delegate {
  private static boolean installed;

  private ControlledJdk() {}

  /** Whether this JVM runs the instrumented {@code java.base}. */
  public static boolean inUse() {
    return "java.base".equals(Bridge.class.getModule().getName());
  }

  /** Installs the delegate once, if this JVM runs the instrumented {@code java.base}. */
  public static synchronized void installIfInUse() {
    if (!installed && inUse()) {
      // what served() runs before it knows to stand aside must be loaded already: loading a class
      // reads a jar, whose monitors would come back here
      served();
      Bridge.install(new ControlledJdk());
      installed = true;
    }
  }

  /** The controlled thread whose JDK monitor operation the model serves, or null. */
  private static ControlledThread served() {
    ControlledThread t = ControlledThread.current();
    return t == null || t.servingJdk() ? null : t;
  }

  @Override
  public void enter(Object lock, String where, int line) {
    ControlledThread t = served();
    if (t == null) {
      return;
    }
    t.servingJdk(true);
    try {
      if (!Monitors.tryEnterInJdk(t, lock)) {
        Monitors.enterInJdk(t, lock, JdkSites.of(t, where, line, "monitorenter"));
      }
    } finally {
      t.servingJdk(false);
    }
  }

  @Override
  public void exited(Object lock) {
    ControlledThread t = served();
    if (t == null) {
      return;
    }
    t.servingJdk(true);
    try {
      Monitors.exitedInJdk(t, lock);
    } finally {
      t.servingJdk(false);
    }
  }

  @Override
  public void await(Object lock, long millis, int nanos, String where, int line)
      throws InterruptedException {
    ControlledThread t = served();
    if (t == null) {
      super.await(lock, millis, nanos, where, line);
      return;
    }
    t.servingJdk(true);
    boolean modelled;
    try {
      modelled =
          Monitors.awaitInJdk(t, lock, millis, nanos, () -> JdkSites.of(t, where, line, "wait"));
    } finally {
      t.servingJdk(false);
    }
    if (!modelled) {
      super.await(lock, millis, nanos, where, line);
    }
  }

  @Override
  public void notify(Object lock, boolean all, String where, int line) {
    ControlledThread t = served();
    if (t != null) {
      t.servingJdk(true);
      try {
        Monitors.notifyInJdk(
            t, lock, all, () -> JdkSites.of(t, where, line, all ? "notifyAll" : "notify"));
      } finally {
        t.servingJdk(false);
      }
    }
    if (Thread.holdsLock(lock) || t == null) {
      super.notify(lock, all, where, line); // the JVM's waiters too: threads Weft does not control
    }
  }
}
