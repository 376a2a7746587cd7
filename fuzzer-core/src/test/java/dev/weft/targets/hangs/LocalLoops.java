package dev.weft.targets.hangs;

import dev.weft.runtime.probe.ProcessorTime;

/**
 * A second thread computes without any scheduling point while main waits for it: for {@code
 * args[0]} ms of its own processor time, then it ends. Past the stall budget but well within ten
 * times it, a slow computation; past ten times it, as good as an endless loop (it still ends, so
 * that a test's JVM keeps no spinning thread).
 */
public final class LocalLoops {
  private LocalLoops() {}

  public static void main(String[] args) throws InterruptedException {
    long millis = Long.parseLong(args[0]);
    Thread worker = new Thread(() -> compute(millis), "computer");
    worker.start();
    worker.join();
  }

  private static void compute(long millis) {
    ProcessorTime.spin(millis);
  }
}
