package dev.weft.runtime.hooks;

import dev.weft.runtime.sync.Monitors;
import dev.weft.runtime.sync.Threads;
import java.util.concurrent.TimeUnit;

/**
 * {@code Thread} operations of target code: the default name, start, join, interrupt, yield, sleep
 * ({@link Threads}). Part of the ABI that instrumented code calls: forwarding only, so the hook
 * table stays a plain list of entry points and the behaviour lives in the models.
 */
public final class ThreadHooks {
  private ThreadHooks() {}

  public static String defaultThreadName() {
    return Threads.defaultName();
  }

  public static void threadStart(Thread thread, int site) {
    Threads.start(thread, site);
  }

  public static void threadJoin(Thread thread, int site) throws InterruptedException {
    Threads.join(thread, site);
  }

  public static void threadJoinTimed(Thread thread, long millis, int site)
      throws InterruptedException {
    Threads.join(thread, millis, site);
  }

  public static void threadJoinTimedNanos(Thread thread, long millis, int nanos, int site)
      throws InterruptedException {
    Threads.join(thread, millis, nanos, site);
  }

  public static void threadInterrupt(Thread thread, int site) {
    Threads.interrupt(thread, site);
  }

  public static boolean threadIsInterrupted(Thread thread) {
    return Threads.isInterrupted(thread);
  }

  public static boolean threadInterrupted() {
    return Threads.interrupted();
  }

  public static boolean threadHoldsLock(Object monitor) {
    return Monitors.holdsLock(monitor);
  }

  public static boolean threadIsAlive(Thread thread) {
    return Threads.isAlive(thread);
  }

  public static void threadSetDaemon(Thread thread, boolean on) {
    Threads.setDaemon(thread, on);
  }

  public static boolean threadIsDaemon(Thread thread) {
    return Threads.isDaemon(thread);
  }

  public static Thread currentThread() {
    return Threads.currentThread();
  }

  public static void threadYield(int site) {
    Threads.yield(site);
  }

  public static void threadSleep(long millis, int site) throws InterruptedException {
    Threads.sleep(millis, site);
  }

  public static void threadSleepNanos(long millis, int nanos, int site)
      throws InterruptedException {
    Threads.sleep(millis, nanos, site);
  }

  public static void timeUnitSleep(TimeUnit unit, long duration, int site)
      throws InterruptedException {
    Threads.sleep(unit, duration, site);
  }
}
