package dev.weft.runtime.control;

import dev.weft.runtime.races.RaceLog;

/**
 * What target code and the per-run pools tell the scheduler outside any scheduling point: the
 * program wants to exit, a pool worker starts or stops waiting for work, state behind a JDK object
 * changed, a static initialiser begins or ends.
 */
public final class RunSignals {
  private RunSignals() {}

  /**
   * {@code System.exit}, {@code Runtime.exit} and {@code Runtime.halt} end the run, not Weft. The
   * verdict is given here, where the call is, not where the {@link TargetExit} thrown to unwind the
   * thread lands: target code that catches {@code Throwable} (a pool running tasks) would lose it.
   */
  public static void exit(int status) {
    ControlledThread t = ControlledThread.current();
    if (t != null) {
      t.scheduler.exited(t, status, new Throwable("System.exit(" + status + ")"));
    }
    throw new TargetExit(status);
  }

  /**
   * A pool worker starts or stops waiting for work. A run whose only live threads are idle workers
   * has ended: the pool was simply never shut down.
   */
  public static void idle(boolean idle) {
    ControlledThread t = ControlledThread.current();
    if (t != null) {
      t.setIdle(idle);
    }
  }

  /** State behind a JDK object changed outside a hooked call (a pool task ran to its end). */
  public static void changed() {
    ControlledThread t = ControlledThread.current();
    if (t != null) {
      t.scheduler.changed();
    }
  }

  /** A static initialiser begins: the JVM's class-init lock forbids switching inside it. */
  public static void atomicEnter() {
    ControlledThread t = ControlledThread.current();
    if (t != null) {
      t.enterAtomic();
      t.enterClassInit();
      RaceLog log = t.scheduler.raceLog();
      if (log != null) {
        log.classInit(t.index, true);
      }
    }
  }

  public static void atomicExit() {
    ControlledThread t = ControlledThread.current();
    if (t != null) {
      t.exitAtomic();
      if (t.initialisingClass()) {
        t.exitClassInit();
        RaceLog log = t.scheduler.raceLog();
        if (log != null) {
          log.classInit(t.index, false);
        }
      }
    }
  }
}
