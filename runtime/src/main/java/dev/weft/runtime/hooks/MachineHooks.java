package dev.weft.runtime.hooks;

import dev.weft.runtime.carrier.Processors;

/**
 * {@code Runtime.availableProcessors()} called in target code: the process's processors, as the
 * program is told them run natively. Target code runs on carriers pinned to one processor, where
 * the JDK would say 1, and a library that sizes its pools or chooses to spin by this count would
 * behave as on a single-processor machine. Part of the ABI that instrumented code calls.
 */
public final class MachineHooks {
  private MachineHooks() {}

  public static int availableProcessors(Runtime runtime) {
    return Processors.usable();
  }
}
