package dev.weft.runtime.statics;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.Scheduler;
import dev.weft.trace.EventKind;
import dev.weft.trace.SiteTable;
import java.util.function.BooleanSupplier;

/**
 * A controlled thread that must wait for a class another controlled thread of the same run is
 * initialising. Waiting on the JVM's terms (a monitor's wait set) would hold the turn while the
 * initialiser, which may itself have had to wait for a lock, stays parked: both stuck, outside
 * Weft's sight. Waiting as a blocked operation hands the turn on, so the initialiser finishes, and
 * a true class-initialisation deadlock is a deadlock finding.
 */
public final class InitialisationWaits {
  private InitialisationWaits() {}

  /** The controlled thread running on the calling thread, or null. */
  public static ControlledThread current() {
    return ControlledThread.current();
  }

  /**
   * Whether the calling thread can wait under control for {@code initialiser} (null when the
   * initialiser is no controlled thread): both controlled, in the same run.
   */
  public static boolean controlled(ControlledThread initialiser) {
    ControlledThread t = ControlledThread.current();
    return t != null
        && initialiser != null
        && initialiser != t
        && initialiser.scheduler() == t.scheduler()
        && !t.scheduler().isAborted();
  }

  /**
   * Waits, as a scheduling point of the calling controlled thread, until {@code finished} holds;
   * {@code type} names the lock waited for.
   */
  public static void await(Class<?> type, BooleanSupplier finished) {
    ControlledThread t = ControlledThread.current();
    Scheduler s = t.scheduler();
    Class<?> outer = t.awaitedClass();
    t.awaitClass(type);
    try {
      s.block(
          t,
          EventKind.READ,
          s.lockLocation(type, SiteTable.SYNTHETIC),
          SiteTable.SYNTHETIC,
          type,
          -1,
          false,
          finished);
    } finally {
      t.awaitClass(outer);
    }
  }

  /**
   * A scheduling point of the calling thread, inside a class initialiser, before it initialises
   * {@code type}: where another thread can begin initialising a class this initialiser needs, as on
   * the JVM (two initialisers that need each other's classes deadlock only so). Made only while
   * another thread could run, so a program that initialises its classes alone is unchanged.
   */
  public static void initialisationPoint(Class<?> type) {
    ControlledThread t = ControlledThread.current();
    if (t == null) {
      return;
    }
    Scheduler s = t.scheduler();
    if (s.isAborted() || !s.othersCouldRun(t)) {
      return;
    }
    int atomic = t.suspendAtomic(); // the initialiser's atomic section allows this one switch
    try {
      s.point(
          t,
          EventKind.READ,
          s.lockLocation(type, SiteTable.SYNTHETIC),
          SiteTable.SYNTHETIC,
          type,
          0);
    } finally {
      t.resumeAtomic(atomic);
    }
  }

  /**
   * The initialisation of {@code type} finished or failed, or a thread that held it while waiting
   * for a superclass let it go: threads waiting for it may go on. Only those: a signal is a change
   * of synchronisation state, which lets every thread blocked on any modelled operation try again,
   * and so a point where the strategy chooses. Classes reused across runs are initialised by Weft,
   * classes defined afresh by the JVM, which runs nothing for a class without a static initialiser;
   * a signal for every class initialised would give one run points the same run on other classes
   * lacks, and its recorded decisions would no longer fit it.
   */
  public static void finished(Class<?> type) {
    ControlledThread t = ControlledThread.current();
    if (t != null && t.scheduler().awaitsInitialisationOf(type)) {
      t.scheduler().changed();
    }
  }
}
