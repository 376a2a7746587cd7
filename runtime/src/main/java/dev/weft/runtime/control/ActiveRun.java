package dev.weft.runtime.control;

import dev.weft.runtime.api.RunResult;

/**
 * The run in progress, for the one question a hook cannot answer from its own thread: a thread that
 * Weft does not control (one started by the JDK on the target's behalf) ran target code. That
 * taints the run, which is then reported as skipped rather than trusted.
 */
public final class ActiveRun {
  private static volatile Scheduler active;

  private ActiveRun() {}

  /** Registers the scheduler of the run in progress. */
  public static void activate(Scheduler scheduler) {
    active = scheduler;
  }

  public static void deactivate(Scheduler scheduler) {
    if (active == scheduler) {
      active = null;
    }
  }

  /** The calling controlled thread; null (and the run marked skipped) for any other thread. */
  public static ControlledThread self() {
    ControlledThread t = ControlledThread.current();
    if (t == null) {
      uncontrolled();
    }
    return t;
  }

  private static void uncontrolled() {
    Scheduler s = active;
    if (s != null && !s.isAborted() && !isJdkCallbackThread(Thread.currentThread())) {
      s.abortFromController(
          RunResult.Outcome.SKIPPED,
          null,
          "thread \""
              + Thread.currentThread().getName()
              + "\" ran target code but was not started by the target through Thread.start();"
              + " Weft cannot control it yet");
    }
  }

  /**
   * The JDK's own threads that call target code back outside any schedule: finalizers ({@code
   * finalize()}) and cleaners ({@code Cleaner} actions). They run it uncontrolled, without a
   * scheduling point, and do not make the run untrustworthy: on the JVM they run whenever the
   * collector decides, which no interleaving of the program's own threads depends on.
   */
  static boolean isJdkCallbackThread(Thread thread) {
    String name = thread.getName();
    return name.equals("Finalizer")
        || name.equals("Secondary finalizer")
        || name.equals("Common-Cleaner")
        || (thread.getClass().getName().equals("jdk.internal.misc.InnocuousThread")
            && name.startsWith("Cleaner-"));
  }
}
