package dev.weft.runtime.sync;

import dev.weft.runtime.control.ActiveRun;
import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.RunLocal;
import dev.weft.runtime.control.Scheduler;
import dev.weft.trace.EventKind;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * {@code LockSupport.park/unpark}: each thread's permit is kept here; a parked thread is ready once
 * it has a permit or is interrupted (park returns then and leaves the flag set). As the JDK allows,
 * park may also return spuriously, leaving the permit as it was.
 */
public final class Parking {

  private Parking() {}

  private static final long UNTIMED = -1;

  /** Per run: the threads that hold a permit (unparked, and not parked since). */
  private static final RunLocal<Set<ControlledThread>> PERMITS =
      new RunLocal<>(() -> Collections.newSetFromMap(new IdentityHashMap<>()));

  public static void park(int site) {
    parkModel(UNTIMED, site);
  }

  public static void parkBlocker(Object blocker, int site) {
    parkModel(UNTIMED, site);
  }

  public static void parkNanos(long nanos, int site) {
    if (nanos > 0) {
      parkModel(nanos, site);
    }
  }

  public static void parkNanosBlocker(Object blocker, long nanos, int site) {
    parkNanos(nanos, site);
  }

  public static void parkUntil(long deadline, int site) {
    ControlledThread t = ActiveRun.self();
    if (t == null) {
      LockSupport.parkUntil(deadline);
      return;
    }
    long millis = deadline - t.scheduler().clock().currentTimeMillis();
    if (millis > 0) {
      parkModel(TimeUnit.MILLISECONDS.toNanos(millis), site);
    }
  }

  public static void parkUntilBlocker(Object blocker, long deadline, int site) {
    parkUntil(deadline, site);
  }

  private static void parkModel(long timeoutNanos, int site) {
    ControlledThread t = ActiveRun.self();
    if (t == null) {
      if (timeoutNanos < 0) {
        LockSupport.park();
      } else {
        LockSupport.parkNanos(timeoutNanos);
      }
      return;
    }
    parkModel(t, timeoutNanos, site);
  }

  /**
   * A park inside JDK code by the controlled thread {@code t} ({@code timeoutNanos} negative:
   * untimed), with the JDK's call as its site: the same model as the target's own parks.
   */
  public static void parkInJdk(ControlledThread t, long timeoutNanos, int site) {
    parkModel(t, timeoutNanos, site);
  }

  /**
   * An unpark inside JDK code by the controlled thread {@code t} of the controlled thread {@code
   * target}; {@code point} whether it is a scheduling point (JDK code the target called) or only
   * gives the permit (JDK code Weft's own called for the target).
   */
  public static void unparkInJdk(
      ControlledThread t, ControlledThread target, boolean point, int site) {
    Scheduler s = t.scheduler();
    if (point) {
      s.point(t, EventKind.UPDATE, s.threadLocation(target.logical(), site), site, null, 0);
    }
    PERMITS.of(s).add(target);
    s.changed();
  }

  private static void parkModel(ControlledThread t, long timeoutNanos, int site) {
    Scheduler s = t.scheduler();
    Set<ControlledThread> permits = PERMITS.of(s);
    long location = s.threadLocation(t.logical(), site);
    s.block(
        t,
        EventKind.UPDATE,
        location,
        site,
        null,
        timeoutNanos,
        false,
        true, // park may return for no reason at all
        () -> {
          if (permits.remove(t)) {
            return true;
          }
          return t.isInterrupted(); // park returns on interrupt and leaves the flag set
        });
  }

  public static void unpark(Thread thread, int site) {
    ControlledThread t = ActiveRun.self();
    if (t == null || thread == null) {
      LockSupport.unpark(thread);
      return;
    }
    Scheduler s = t.scheduler();
    ControlledThread target = s.threadOf(thread);
    if (target == null) {
      return; // not started yet: unpark has no effect, as for a real thread
    }
    s.point(t, EventKind.UPDATE, s.threadLocation(thread, site), site, null, 0);
    PERMITS.of(s).add(target);
    s.changed();
  }
}
