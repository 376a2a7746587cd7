package dev.weft.runtime.carrier;

import dev.weft.runtime.logging.WeftLoggers;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Field;
import org.slf4j.Logger;

/**
 * The processor time of the platform thread that runs a controlled thread's code. A thread stuck in
 * an endless loop spends processor time; one on a machine that is merely busy spends little,
 * however long it waits for a processor. So the run's watchdog judges a thread that reaches no
 * scheduling point by this time, not by the wall clock, and a loaded machine never makes a hang.
 *
 * <p>A virtual carrier has no processor time of its own: it is read from the platform thread it is
 * mounted on ({@code VirtualThread.carrierThread}, reachable once {@code java.lang} is open to
 * Weft). Where the JVM measures no thread's processor time, or the platform thread cannot be found,
 * the time is unknown (-1) and the watchdog falls back to the wall clock.
 */
public final class CarrierCpuTime {
  private static final Logger LOG = WeftLoggers.get(CarrierCpuTime.class);

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final boolean MEASURED = enable();
  private static volatile MethodHandle mountedOn;
  private static volatile boolean mountedOnTried;

  private CarrierCpuTime() {}

  /** Whether the JVM measures threads' processor time here. */
  static boolean available() {
    return MEASURED;
  }

  /**
   * Processor nanoseconds {@code platform} (a platform thread) has used, or -1 if the JVM does not
   * measure it.
   */
  public static long nanos(Thread platform) {
    if (!MEASURED || platform == null) {
      return -1;
    }
    @SuppressWarnings("deprecation") // Thread.threadId() is JDK 19+; Weft builds for 17
    long id = platform.getId();
    return THREADS.getThreadCpuTime(id);
  }

  /**
   * The platform thread that runs {@code carrier}'s code now: itself, or for a virtual carrier the
   * platform thread it is mounted on (null when it is not mounted, or that cannot be seen).
   */
  public static Thread platformOf(Thread carrier) {
    if (carrier == null) {
      return null;
    }
    return VirtualCarriers.isVirtual(carrier) ? mountedOn(carrier) : carrier;
  }

  /** Whether the processor time of whatever runs {@code carrier}'s code can be measured. */
  public static boolean measurable(Thread carrier) {
    return MEASURED
        && carrier != null
        && (!VirtualCarriers.isVirtual(carrier) || carrierThreadGetter() != null);
  }

  /** The platform thread a virtual thread is mounted on now, or null. */
  static Thread mountedOn(Thread virtual) {
    MethodHandle getter = carrierThreadGetter();
    if (getter == null) {
      return null;
    }
    try {
      return (Thread) getter.invoke(virtual);
    } catch (Throwable e) {
      return null;
    }
  }

  private static MethodHandle carrierThreadGetter() {
    if (!mountedOnTried) {
      synchronized (CarrierCpuTime.class) {
        if (!mountedOnTried) {
          mountedOn = findCarrierThreadField();
          mountedOnTried = true;
        }
      }
    }
    return mountedOn;
  }

  private static MethodHandle findCarrierThreadField() {
    try {
      if (!OpenPackages.openToWeft(Thread.class)) {
        LOG.info("java.lang is not open to Weft: stalls of virtual carriers use the wall clock");
        return null;
      }
      Field f = Class.forName("java.lang.VirtualThread").getDeclaredField("carrierThread");
      f.setAccessible(true);
      return MethodHandles.lookup().unreflectGetter(f);
    } catch (ReflectiveOperationException | RuntimeException e) {
      LOG.info("stalls of virtual carriers use the wall clock: {}", e.toString());
      return null;
    }
  }

  private static boolean enable() {
    try {
      if (!THREADS.isThreadCpuTimeSupported()) {
        LOG.info("this JVM does not measure threads' processor time: stalls use the wall clock");
        return false;
      }
      if (!THREADS.isThreadCpuTimeEnabled()) {
        THREADS.setThreadCpuTimeEnabled(true);
      }
      return THREADS.isThreadCpuTimeEnabled();
    } catch (UnsupportedOperationException | SecurityException e) {
      LOG.info("threads' processor time cannot be measured: stalls use the wall clock");
      return false;
    }
  }
}
