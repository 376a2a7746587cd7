package dev.weft.runtime.hooks;

import dev.weft.runtime.sync.Parking;

/**
 * {@code LockSupport.park/unpark} calls from target code ({@link Parking}). Part of the ABI that
 * instrumented code calls: forwarding only, so the hook table stays a plain list of entry points
 * and the behaviour lives in the models.
 */
public final class ParkHooks {
  private ParkHooks() {}

  public static void park(int site) {
    Parking.park(site);
  }

  public static void parkBlocker(Object blocker, int site) {
    Parking.parkBlocker(blocker, site);
  }

  public static void parkNanos(long nanos, int site) {
    Parking.parkNanos(nanos, site);
  }

  public static void parkNanosBlocker(Object blocker, long nanos, int site) {
    Parking.parkNanosBlocker(blocker, nanos, site);
  }

  public static void parkUntil(long deadline, int site) {
    Parking.parkUntil(deadline, site);
  }

  public static void parkUntilBlocker(Object blocker, long deadline, int site) {
    Parking.parkUntilBlocker(blocker, deadline, site);
  }

  public static void unpark(Thread thread, int site) {
    Parking.unpark(thread, site);
  }
}
