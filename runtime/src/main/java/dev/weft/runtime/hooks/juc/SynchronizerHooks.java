package dev.weft.runtime.hooks.juc;

import dev.weft.runtime.juc.Barriers;
import dev.weft.runtime.juc.Latches;
import dev.weft.runtime.juc.Semaphores;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code Semaphore}, {@code CountDownLatch} and {@code CyclicBarrier} calls from target code. Part
 * of the ABI that instrumented code calls: forwarding only, so the hook table stays a plain list of
 * entry points and the behaviour lives in the models.
 */
public final class SynchronizerHooks {
  private SynchronizerHooks() {}

  public static void acquire(Semaphore sem, int site) throws InterruptedException {
    Semaphores.acquire(sem, site);
  }

  public static void acquireN(Semaphore sem, int permits, int site) throws InterruptedException {
    Semaphores.acquireN(sem, permits, site);
  }

  public static void acquireUninterruptibly(Semaphore sem, int site) {
    Semaphores.acquireUninterruptibly(sem, site);
  }

  public static void acquireUninterruptiblyN(Semaphore sem, int permits, int site) {
    Semaphores.acquireUninterruptiblyN(sem, permits, site);
  }

  public static boolean tryAcquire(Semaphore sem, int site) {
    return Semaphores.tryAcquire(sem, site);
  }

  public static boolean tryAcquireN(Semaphore sem, int permits, int site) {
    return Semaphores.tryAcquireN(sem, permits, site);
  }

  public static boolean tryAcquireTimed(Semaphore sem, long time, TimeUnit unit, int site)
      throws InterruptedException {
    return Semaphores.tryAcquireTimed(sem, time, unit, site);
  }

  public static boolean tryAcquireNTimed(
      Semaphore sem, int permits, long time, TimeUnit unit, int site) throws InterruptedException {
    return Semaphores.tryAcquireNTimed(sem, permits, time, unit, site);
  }

  public static void release(Semaphore sem, int site) {
    Semaphores.release(sem, site);
  }

  public static void releaseN(Semaphore sem, int permits, int site) {
    Semaphores.releaseN(sem, permits, site);
  }

  public static void countDown(CountDownLatch latch, int site) {
    Latches.countDown(latch, site);
  }

  public static long getCount(CountDownLatch latch, int site) {
    return Latches.getCount(latch, site);
  }

  public static void latchAwait(CountDownLatch latch, int site) throws InterruptedException {
    Latches.latchAwait(latch, site);
  }

  public static boolean latchAwaitTimed(CountDownLatch latch, long time, TimeUnit unit, int site)
      throws InterruptedException {
    return Latches.latchAwaitTimed(latch, time, unit, site);
  }

  public static Runnable barrierAction(Runnable action) {
    return Barriers.barrierAction(action);
  }

  public static void barrierCreated(Object barrier) {
    Barriers.barrierCreated(barrier);
  }

  public static int barrierAwait(CyclicBarrier barrier, int site)
      throws InterruptedException, BrokenBarrierException {
    return Barriers.barrierAwait(barrier, site);
  }

  public static int barrierAwaitTimed(CyclicBarrier barrier, long time, TimeUnit unit, int site)
      throws InterruptedException, BrokenBarrierException, TimeoutException {
    return Barriers.barrierAwaitTimed(barrier, time, unit, site);
  }

  public static void barrierReset(CyclicBarrier barrier, int site) {
    Barriers.barrierReset(barrier, site);
  }

  public static boolean barrierIsBroken(CyclicBarrier barrier, int site) {
    return Barriers.barrierIsBroken(barrier, site);
  }

  public static int barrierNumberWaiting(CyclicBarrier barrier, int site) {
    return Barriers.barrierNumberWaiting(barrier, site);
  }
}
