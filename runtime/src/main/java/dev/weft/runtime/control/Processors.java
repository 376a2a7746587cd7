package dev.weft.runtime.control;

/**
 * How many processors the process has, whichever thread asks. The JDK answers {@code
 * availableProcessors()} from the calling thread's affinity, and platform carriers are pinned to
 * one processor ({@link CarrierCpu}): asked on one, it says 1. Weft's own sizing (whether to
 * analyse runs on a helper thread) and the target's view of the machine must not depend on the
 * thread that asks.
 */
public final class Processors {
  private Processors() {}

  /**
   * The processors the process may use: what {@code Runtime.availableProcessors()} says off the
   * carriers.
   */
  public static int usable() {
    int[] cpus = CarrierCpu.usable();
    return cpus == null || cpus.length == 0
        ? Runtime.getRuntime().availableProcessors()
        : cpus.length;
  }
}
