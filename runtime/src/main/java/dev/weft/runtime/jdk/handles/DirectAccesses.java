package dev.weft.runtime.jdk.handles;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.Scheduler;
import dev.weft.trace.EventKind;
import dev.weft.trace.Locations;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * What the call sites of memory accesses made through a JDK API instead of an instruction ({@code
 * VarHandle}, {@code Unsafe}) share: the scheduling point before the access, which hands the call
 * site its event as a token, and the correction of that event into a read after a compare-and-set
 * that failed (it only read its variable, so it must not order later accesses as a write would).
 */
final class DirectAccesses {
  /** The token of an access that took no scheduling point. */
  static final int NO_EVENT = -1;

  /** A location for which no scheduling point is taken. */
  static final long NO_POINT = Locations.NONE;

  /**
   * {@code (Throwable, boolean succeeded, int event) -> succeeded}, a {@code tryFinally} cleanup.
   */
  static final MethodHandle EXIT_CAS;

  static {
    try {
      EXIT_CAS =
          MethodHandles.lookup()
              .findStatic(
                  DirectAccesses.class,
                  "exitCas",
                  MethodType.methodType(boolean.class, Throwable.class, boolean.class, int.class));
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private DirectAccesses() {}

  /** The point before an access of {@code location}; returns its event, or {@link #NO_EVENT}. */
  static int point(ControlledThread t, long location, int kind, int site) {
    if (location == NO_POINT) {
      return NO_EVENT;
    }
    Scheduler s = t.scheduler();
    s.point(t, EventKind.of(kind), location, site, null, 0);
    return s.lastEvent();
  }

  /**
   * Wraps a compare-and-set whose first parameter is the token of its point, so that a failure
   * turns the recorded update into a read.
   */
  static MethodHandle correctingFailure(MethodHandle compareAndSet) {
    return MethodHandles.tryFinally(compareAndSet, EXIT_CAS);
  }

  static boolean exitCas(Throwable thrown, boolean succeeded, int event) {
    if (thrown == null && !succeeded && event != NO_EVENT) {
      ControlledThread t = ControlledThread.current();
      if (t != null) {
        t.scheduler().updateFailed(event);
      }
    }
    return succeeded;
  }
}
