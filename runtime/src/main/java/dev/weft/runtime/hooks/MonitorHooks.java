package dev.weft.runtime.hooks;

import dev.weft.runtime.sync.Monitors;

/**
 * {@code monitorenter}/{@code monitorexit}, synchronized methods, {@code wait} and {@code notify}
 * ({@link Monitors}). Part of the ABI that instrumented code calls: forwarding only, so the hook
 * table stays a plain list of entry points and the behaviour lives in the models.
 */
public final class MonitorHooks {
  private MonitorHooks() {}

  public static void monitorEnter(Object obj, int site) {
    Monitors.enter(obj, site);
  }

  public static void monitorExit(Object obj, int site) {
    Monitors.exit(obj, site);
  }

  public static void monitorExitOnThrow(Object obj, int site) {
    Monitors.exitOnThrow(obj, site);
  }

  public static void waitUntimed(Object obj, int site) throws InterruptedException {
    Monitors.await(obj, site);
  }

  public static void waitTimed(Object obj, long millis, int site) throws InterruptedException {
    Monitors.await(obj, millis, site);
  }

  public static void waitTimedNanos(Object obj, long millis, int nanos, int site)
      throws InterruptedException {
    Monitors.await(obj, millis, nanos, site);
  }

  public static void notify(Object obj, int site) {
    Monitors.notify(obj, site, false);
  }

  public static void notifyAll(Object obj, int site) {
    Monitors.notify(obj, site, true);
  }
}
