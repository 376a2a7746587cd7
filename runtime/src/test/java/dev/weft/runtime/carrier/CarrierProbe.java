package dev.weft.runtime.carrier;

/**
 * What a carrier itself shows, for {@code dev.weft.targets.jvm.ThreadIdentities}: this class is
 * under {@code dev.weft.runtime.}, so the target loader shares it rather than instrumenting it, and
 * its thread-locals and statics outlive a run; {@code Thread.currentThread()} here is the real
 * carrier, as it is for JDK code a target calls.
 */
public final class CarrierProbe {
  /** Values no logical thread may see from another, in this run or an earlier one. */
  public static final ThreadLocal<String> LOCAL = new ThreadLocal<>();

  public static final InheritableThreadLocal<String> INHERITED = new InheritableThreadLocal<>();

  /** Lets {@code BadTargets.spinsUntilReleased} end. */
  public static volatile boolean released;

  /** The carrier that last ran {@link #spinUntilReleased} or {@link #disturb}. */
  public static volatile Thread lastCarrier;

  private CarrierProbe() {}

  /** A loop without scheduling points (this class is not instrumented) until {@link #released}. */
  public static void spinUntilReleased() {
    lastCarrier = Thread.currentThread();
    long x = 0;
    while (!released) {
      x++;
    }
    if (x == 42) {
      System.out.println(x);
    }
  }

  /**
   * A loop without scheduling points (nor accesses Weft sees: this class is not instrumented) for
   * {@code millis} ms of the calling thread's processor time.
   */
  public static void spinForProcessorTime(long millis) {
    java.lang.management.ThreadMXBean threads =
        java.lang.management.ManagementFactory.getThreadMXBean();
    long end = threads.getCurrentThreadCpuTime() + millis * 1_000_000;
    long x = 0;
    while (threads.getCurrentThreadCpuTime() < end) {
      x++;
    }
    if (x == 42) {
      System.out.println(x);
    }
  }

  public static ClassLoader carrierContextLoader() {
    return Thread.currentThread().getContextClassLoader();
  }

  public static boolean carrierInterrupted() {
    return Thread.currentThread().isInterrupted();
  }

  public static String carrierName() {
    return Thread.currentThread().getName();
  }

  /**
   * Leaves behind on the carrier what code running on it could: a real interrupt, a priority, an
   * uncaught-exception handler. Call it last: an interrupted carrier does not sleep while it waits.
   */
  public static void disturb() {
    lastCarrier = Thread.currentThread();
    Thread.currentThread().setPriority(Thread.MAX_PRIORITY);
    Thread.currentThread().setUncaughtExceptionHandler((t, e) -> {});
    Thread.currentThread().interrupt();
  }

  public static boolean carrierHasHandler() {
    return Thread.currentThread().getUncaughtExceptionHandler()
        != Thread.currentThread().getThreadGroup();
  }

  public static int carrierPriority() {
    return Thread.currentThread().getPriority();
  }

  /** The processors each carrier that called {@link #recordProcessors} could run on. */
  public static final java.util.Queue<String> PROCESSORS =
      new java.util.concurrent.ConcurrentLinkedQueue<>();

  /** What {@code Runtime.availableProcessors()} said to target code. */
  public static final java.util.Queue<Integer> TARGET_COUNTS =
      new java.util.concurrent.ConcurrentLinkedQueue<>();

  /** Records the processors the calling carrier may run on, as the kernel reports them. */
  public static void recordProcessors() {
    PROCESSORS.add(java.util.Arrays.toString(CarrierCpu.processorsOf(0)));
  }

  /** Records the count target code was given. */
  public static void recordTargetCount(int processors) {
    TARGET_COUNTS.add(processors);
  }
}
