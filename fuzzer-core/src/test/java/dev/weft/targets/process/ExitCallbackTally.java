package dev.weft.targets.process;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Buggy: the callback a child's exit runs and the starter both add to a plain counter, so one
 * addition can be lost. Argument {@code atomic}: the counter is an {@code AtomicInteger}, correct.
 */
public final class ExitCallbackTally {
  static int plain;

  public static void main(String[] args) throws Exception {
    boolean atomic = args.length > 0 && args[0].equals("atomic");
    AtomicInteger counted = new AtomicInteger();
    Process child = new ProcessBuilder("true").start();
    CompletableFuture<Process> exited =
        child
            .onExit()
            .thenApply(
                p -> {
                  add(atomic, counted);
                  return p;
                });
    add(atomic, counted);
    exited.join();
    int total = atomic ? counted.get() : plain;
    if (total != 2) {
      throw new AssertionError("counted " + total + " of 2 additions");
    }
  }

  private static void add(boolean atomic, AtomicInteger counted) {
    if (atomic) {
      counted.incrementAndGet();
    } else {
      plain++;
    }
  }
}
