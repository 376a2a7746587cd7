package dev.weft.targets.jvm;

import dev.weft.runtime.carrier.CarrierProbe;

/**
 * {@code args[0]} threads (default 4) and the main thread record the processors they may use, and
 * what {@code Runtime.availableProcessors()} tells them.
 */
public final class ProcessorProbe {
  private ProcessorProbe() {}

  public static void main(String[] args) throws InterruptedException {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 4;
    Thread[] threads = new Thread[n];
    for (int i = 0; i < n; i++) {
      threads[i] = new Thread(ProcessorProbe::record);
      threads[i].start();
    }
    record();
    for (Thread t : threads) {
      t.join();
    }
  }

  private static void record() {
    CarrierProbe.recordProcessors();
    CarrierProbe.recordTargetCount(Runtime.getRuntime().availableProcessors());
  }
}
