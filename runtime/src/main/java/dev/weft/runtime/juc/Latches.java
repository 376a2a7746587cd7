package dev.weft.runtime.juc;

import dev.weft.runtime.control.Blocked;
import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.Scheduler;
import dev.weft.runtime.jdk.JdkCode;
import dev.weft.trace.EventKind;
import dev.weft.trace.Locations;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** {@code CountDownLatch}: awaiting is modelled by retrying until the count is zero. */
public final class Latches {

  private Latches() {}

  private static long lockLocation(ControlledThread t, Object lock, int site) {
    return t.scheduler().lockLocation(lock, site);
  }

  private static long valueLocation(ControlledThread t, Object obj, int site) {
    return t.scheduler().objectLocation(obj, Locations.LOCK_MEMBER, site);
  }

  private static final long UNTIMED = -1;

  public static void countDown(CountDownLatch latch, int site) {
    ControlledThread t = JdkCode.controlledCaller(latch, "countDown");
    if (t == null) {
      latch.countDown();
      return;
    }
    Scheduler s = t.scheduler();
    s.point(t, EventKind.UPDATE, valueLocation(t, latch, site), site, null, 0);
    latch.countDown();
    s.changed();
  }

  public static long getCount(CountDownLatch latch, int site) {
    ControlledThread t = JdkCode.controlledCaller(latch, "getCount");
    if (t != null) {
      Scheduler s = t.scheduler();
      s.point(t, EventKind.READ, valueLocation(t, latch, site), site, null, 0);
    }
    return latch.getCount();
  }

  public static void latchAwait(CountDownLatch latch, int site) throws InterruptedException {
    ControlledThread t = JdkCode.controlledCaller(latch, "await");
    if (t == null) {
      latch.await();
      return;
    }
    if (latchAwaitModel(t, latch, UNTIMED, site) == Blocked.INTERRUPTED) {
      throw new InterruptedException();
    }
  }

  public static boolean latchAwaitTimed(CountDownLatch latch, long time, TimeUnit unit, int site)
      throws InterruptedException {
    ControlledThread t = JdkCode.controlledCaller(latch, "await", long.class, TimeUnit.class);
    if (t == null) {
      return latch.await(time, unit);
    }
    Blocked b = latchAwaitModel(t, latch, Math.max(0, unit.toNanos(time)), site);
    b.throwIfInterrupted();
    return b == Blocked.DONE;
  }

  private static Blocked latchAwaitModel(
      ControlledThread t, CountDownLatch latch, long timeoutNanos, int site) {
    Scheduler s = t.scheduler();
    return s.block(
        t,
        EventKind.READ,
        valueLocation(t, latch, site),
        site,
        latch,
        timeoutNanos,
        true,
        () -> latch.getCount() == 0);
  }
}
