package dev.weft.runtime.hooks.juc;

import dev.weft.runtime.juc.Phasers;
import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code Phaser} calls from target code ({@link Phasers}). Part of the ABI that instrumented code
 * calls: forwarding only, so the hook table stays a plain list of entry points and the behaviour
 * lives in the models.
 */
public final class PhaserHooks {
  private PhaserHooks() {}

  public static int arrive(Phaser phaser, int site) {
    return Phasers.arrive(phaser, site);
  }

  public static int arriveAndDeregister(Phaser phaser, int site) {
    return Phasers.arriveAndDeregister(phaser, site);
  }

  public static void forceTermination(Phaser phaser, int site) {
    Phasers.forceTermination(phaser, site);
  }

  public static int arriveAndAwaitAdvance(Phaser phaser, int site) {
    return Phasers.arriveAndAwaitAdvance(phaser, site);
  }

  public static int awaitAdvance(Phaser phaser, int phase, int site) {
    return Phasers.awaitAdvance(phaser, phase, site);
  }

  public static int awaitAdvanceInterruptibly(Phaser phaser, int phase, int site)
      throws InterruptedException {
    return Phasers.awaitAdvanceInterruptibly(phaser, phase, site);
  }

  public static int awaitAdvanceTimed(
      Phaser phaser, int phase, long timeout, TimeUnit unit, int site)
      throws InterruptedException, TimeoutException {
    return Phasers.awaitAdvanceTimed(phaser, phase, timeout, unit, site);
  }

  public static int register(Phaser phaser, int site) {
    return Phasers.register(phaser, site);
  }

  public static int bulkRegister(Phaser phaser, int parties, int site) {
    return Phasers.bulkRegister(phaser, parties, site);
  }
}
