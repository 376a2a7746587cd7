package dev.weft.runtime.carrier;

import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The idle {@link Carrier}s of this process, shared by every run: a thread that finished its
 * logical thread serves the next {@code start}, in the same run or a later one. Most recently used
 * first, so that a run of few threads keeps using the same warm ones. Carriers are reused only when
 * their {@code ThreadLocal} maps can be handed over ({@link ThreadLocalMaps}); otherwise every
 * logical thread gets a new one, as before pooling.
 */
public final class CarrierPool {
  /** More idle carriers than this end instead of waiting: a bound on what a pool keeps alive. */
  static final int MAX_IDLE = 1024;

  private static final ConcurrentLinkedDeque<Carrier> IDLE = new ConcurrentLinkedDeque<>();
  private static final AtomicInteger IDLE_COUNT = new AtomicInteger();
  private static final AtomicInteger CREATED = new AtomicInteger();

  private CarrierPool() {}

  /**
   * Lets carriers be reused if their thread-local maps can be reached ({@link OpenPackages}).
   * Returns whether they are reused.
   */
  public static boolean enable() {
    return ThreadLocalMaps.open();
  }

  /** Whether carriers are reused. */
  public static boolean reusing() {
    return ThreadLocalMaps.available();
  }

  /**
   * A virtual thread for {@code work} on the scheduler of the virtual carriers, not started; null
   * where carriers are not virtual threads on Weft's own scheduler ({@link CarrierScheduler}), and
   * when the calling thread is a virtual thread already.
   */
  public static Thread controller(Runnable work) {
    if (VirtualCarriers.isVirtual(Thread.currentThread())) {
      return null;
    }
    return VirtualCarriers.unstartedOnWeftScheduler(work);
  }

  /**
   * Whether the calling thread is a virtual thread (a controller, or a run's thread): its {@code
   * Thread.yield()} hands the carrier to another virtual thread and keeps the processor busy, so a
   * virtual thread that waits for a platform one should park instead.
   */
  public static boolean onVirtualThread() {
    return VirtualCarriers.isVirtual(Thread.currentThread());
  }

  /** Platform threads this process made as carriers so far. */
  public static int created() {
    return CREATED.get();
  }

  /** Carriers waiting for work now. */
  public static int idle() {
    return IDLE_COUNT.get();
  }

  /**
   * Runs {@code work} on a carrier: a virtual thread where the JDK has them ({@link
   * VirtualCarriers}), else a pooled platform thread. Returns the carrier.
   */
  public static Thread start(Carrier.Assignment work) {
    if (VirtualCarriers.enabled()) {
      Thread t = VirtualCarriers.start(work);
      if (t != null) {
        return t;
      }
    }
    Carrier c = acquire();
    c.assign(work);
    return c;
  }

  private static Carrier acquire() {
    Carrier c = IDLE.pollFirst();
    if (c != null) {
      IDLE_COUNT.decrementAndGet();
      return c;
    }
    c = new Carrier();
    CREATED.incrementAndGet();
    c.start();
    return c;
  }

  /** Takes back a carrier whose work is done; false if it should end instead. */
  static boolean release(Carrier c) {
    if (!reusing() || IDLE_COUNT.get() >= MAX_IDLE) {
      return false;
    }
    IDLE_COUNT.incrementAndGet();
    IDLE.addFirst(c);
    return true;
  }
}
