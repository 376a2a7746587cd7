package dev.weft.runtime.hooks;

import dev.weft.runtime.process.ProcessWaits;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Waits for child processes ({@link ProcessWaits}). Part of the ABI that instrumented code calls:
 * forwarding only, so the hook table stays a plain list of entry points.
 */
public final class ProcessHooks {
  private ProcessHooks() {}

  public static int waitFor(Process p, int site) throws InterruptedException {
    return ProcessWaits.waitFor(p, site);
  }

  public static boolean waitForTimed(Process p, long timeout, TimeUnit unit, int site)
      throws InterruptedException {
    return ProcessWaits.waitFor(p, timeout, unit, site);
  }

  public static CompletableFuture<Process> onExit(Process p, int site) {
    return ProcessWaits.onExit(p, site);
  }

  public static CompletableFuture<ProcessHandle> handleOnExit(ProcessHandle h, int site) {
    return ProcessWaits.onExit(h, site);
  }
}
