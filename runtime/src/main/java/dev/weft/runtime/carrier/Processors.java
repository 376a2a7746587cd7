package dev.weft.runtime.carrier;

/**
 * How many processors the process has, whichever thread asks. The JDK answers {@code
 * availableProcessors()} from the calling thread's affinity, and platform carriers are pinned to
 * one processor ({@link CarrierCpu}): asked on one, it says 1. Weft's own sizing (whether to
 * analyse runs on a helper thread) and what target code is told must not depend on the thread that
 * asks.
 */
public final class Processors {
  private Processors() {}

  /**
   * What {@code Runtime.availableProcessors()} says off the carriers (cgroup limits and {@code
   * -XX:ActiveProcessorCount} included), counted once before any carrier is pinned.
   */
  public static int usable() {
    return CarrierCpu.processors();
  }
}
