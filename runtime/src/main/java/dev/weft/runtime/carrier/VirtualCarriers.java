package dev.weft.runtime.carrier;

import dev.weft.runtime.logging.WeftLoggers;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.Executor;
import org.slf4j.Logger;

/**
 * Virtual threads as carriers, where the JDK has them (21 and later). A run is serialized, so its
 * threads never need to run in parallel, and handing the turn from one virtual thread to another is
 * a continuation switch on the same platform thread: well under a microsecond, where waking a
 * parked platform thread costs the operating system ten or more on a small machine. Weft is built
 * for Java 17, so the JDK's API is reached through method handles.
 *
 * <p>{@code -Dweft.carriers=platform} keeps carriers on pooled platform threads. A virtual carrier
 * that never comes back (target code looping without a scheduling point) keeps a platform thread of
 * the JDK's scheduler for itself; after the first, later threads get platform carriers.
 */
final class VirtualCarriers {
  private static final Logger LOG = WeftLoggers.get(VirtualCarriers.class);

  /** The logical thread a virtual carrier runs; platform carriers keep it in a field. */
  static final ThreadLocal<LogicalThread> BOUND = new ThreadLocal<>();

  private static final MethodHandle OF_VIRTUAL = ofVirtual();
  private static final MethodHandle UNSTARTED = unstarted();
  private static final MethodHandle IS_VIRTUAL = isVirtualHandle();

  private static volatile boolean enabled =
      OF_VIRTUAL != null
          && UNSTARTED != null
          && !"platform".equals(System.getProperty("weft.carriers"));

  private static volatile boolean everUsed;

  private VirtualCarriers() {}

  static boolean enabled() {
    return enabled;
  }

  /** Whether any virtual carrier was started in this process (one may still be running). */
  static boolean everUsed() {
    return everUsed;
  }

  /**
   * A builder of virtual threads on Weft's {@link CarrierScheduler}, or, where its constructor
   * cannot be reached (no agent to open {@code java.lang}, {@code -Dweft.carrierScheduler=jdk}), on
   * the JDK's own scheduler.
   */
  private static Object builder() throws Throwable {
    MethodHandle onScheduler = SchedulerBuilder.HANDLE;
    return onScheduler != null
        ? onScheduler.invoke(CarrierScheduler.shared())
        : OF_VIRTUAL.invoke();
  }

  /** Whether virtual carriers run on Weft's {@link CarrierScheduler}. */
  static boolean onWeftScheduler() {
    return enabled && SchedulerBuilder.HANDLE != null;
  }

  /**
   * A new virtual thread on Weft's scheduler running {@code task}, not started; null where virtual
   * carriers are off or Weft's scheduler cannot be reached.
   */
  static Thread unstartedOnWeftScheduler(Runnable task) {
    if (!onWeftScheduler()) {
      return null;
    }
    try {
      return (Thread) UNSTARTED.invoke(builder(), task);
    } catch (Throwable e) {
      return null;
    }
  }

  /**
   * The JDK's virtual-thread builder that takes a scheduler: not public, so it is reached by
   * reflection once {@code java.lang} is open to Weft ({@link OpenPackages}). A holder, resolved on
   * first use (after the executor has handed the agent to {@link OpenPackages}).
   */
  private static final class SchedulerBuilder {
    static final MethodHandle HANDLE = resolve();

    private static MethodHandle resolve() {
      if (OF_VIRTUAL == null || "jdk".equals(System.getProperty("weft.carrierScheduler"))) {
        return null;
      }
      try {
        if (!OpenPackages.openToWeft(Thread.class)) {
          LOG.info("java.lang is not open to Weft: virtual carriers use the JDK's scheduler");
          return null;
        }
        Class<?> builder = Class.forName("java.lang.ThreadBuilders$VirtualThreadBuilder");
        java.lang.reflect.Constructor<?> make = builder.getDeclaredConstructor(Executor.class);
        make.setAccessible(true);
        return MethodHandles.lookup()
            .unreflectConstructor(make)
            .asType(MethodType.methodType(Object.class, Executor.class));
      } catch (ReflectiveOperationException | RuntimeException e) {
        LOG.info("virtual carriers use the JDK's scheduler: {}", e.toString());
        return null;
      }
    }
  }

  /** A virtual carrier for {@code work}, started; null if the JDK refused to make one. */
  static Thread start(Carrier.Assignment work) {
    Thread t;
    try {
      t = (Thread) UNSTARTED.invoke(builder(), (Runnable) () -> serve(work));
    } catch (Throwable e) {
      enabled = false;
      LOG.info("virtual carriers unavailable, using platform threads: {}", e.toString());
      return null;
    }
    everUsed = true;
    work.carrier = t;
    t.setName("weft-" + work.name);
    t.start();
    return t;
  }

  private static void serve(Carrier.Assignment work) {
    work.perform(Thread.currentThread());
    work.done.signal(); // the virtual thread ends here, with its thread-locals
  }

  /**
   * A virtual carrier did not come back. One that still runs (a loop without scheduling points)
   * keeps a platform thread for itself. On Weft's scheduler the watchdog has retired that thread
   * and another serves the rest; on the JDK's it is one of the scheduler's few, so later threads
   * get platform carriers. One parked outside Weft's control holds none and changes nothing.
   */
  static void stuck(String thread, Thread carrier) {
    Thread.State state = carrier.getState();
    if (enabled
        && SchedulerBuilder.HANDLE == null
        && (state == Thread.State.RUNNABLE || state == Thread.State.BLOCKED)) {
      enabled = false;
      LOG.warn(
          "thread {} kept running without a scheduling point after its run; it holds one of the"
              + " JDK's scheduler threads, so later runs use platform carriers",
          thread);
    }
  }

  /** Virtual carriers again where the JDK has them; for tests that made one stuck on purpose. */
  static void reset() {
    enabled =
        OF_VIRTUAL != null
            && UNSTARTED != null
            && !"platform".equals(System.getProperty("weft.carriers"));
  }

  /** Whether {@code t} is a virtual thread; false before JDK 21. */
  static boolean isVirtual(Thread t) {
    return IS_VIRTUAL != null && invokeIsVirtual(t);
  }

  private static boolean invokeIsVirtual(Thread t) {
    try {
      return (boolean) IS_VIRTUAL.invokeExact(t);
    } catch (Throwable e) {
      return false;
    }
  }

  private static MethodHandle isVirtualHandle() {
    try {
      return MethodHandles.publicLookup()
          .findVirtual(Thread.class, "isVirtual", MethodType.methodType(boolean.class));
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }

  private static MethodHandle ofVirtual() {
    try {
      Class<?> builder = Class.forName("java.lang.Thread$Builder$OfVirtual");
      return MethodHandles.publicLookup()
          .findStatic(Thread.class, "ofVirtual", MethodType.methodType(builder));
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null; // before JDK 21
    }
  }

  private static MethodHandle unstarted() {
    try {
      Class<?> builder = Class.forName("java.lang.Thread$Builder");
      return MethodHandles.publicLookup()
          .findVirtual(builder, "unstarted", MethodType.methodType(Thread.class, Runnable.class))
          .asType(MethodType.methodType(Thread.class, Object.class, Runnable.class));
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }
}
