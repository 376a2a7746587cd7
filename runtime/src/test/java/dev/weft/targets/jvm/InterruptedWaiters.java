package dev.weft.targets.jvm;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A thread interrupts another that waits, then asks whether it is interrupted. On the JVM the
 * status stays set until the waiter itself returns from its wait (with an {@code
 * InterruptedException}, which clears it; {@code park} leaves it set), so the interrupter can see
 * it set: each target fails with {@value #SEEN} when it does, and with another message if the
 * waiter missed its exception or still had the status set after it.
 */
public final class InterruptedWaiters {
  private InterruptedWaiters() {}

  public static final String SEEN = "the interrupter saw the waiter's status set";

  /** What the waiter saw. */
  static final class Waiter {
    volatile boolean waiting;
    volatile boolean threw;
    volatile boolean setAfterThrowing;
  }

  public static void inWait() throws InterruptedException {
    Object lock = new Object();
    Waiter w = new Waiter();
    Thread a =
        new Thread(
            () -> {
              synchronized (lock) {
                w.waiting = true;
                try {
                  while (true) {
                    lock.wait();
                  }
                } catch (InterruptedException e) {
                  w.threw = true;
                  w.setAfterThrowing = Thread.currentThread().isInterrupted();
                }
              }
            });
    a.start();
    while (true) {
      synchronized (lock) {
        if (w.waiting) { // holding the lock: the waiter is in wait(), the lock released
          break;
        }
      }
      Thread.yield();
    }
    a.interrupt();
    boolean seen = a.isInterrupted();
    a.join();
    check(w, seen);
  }

  public static void inAwait() throws InterruptedException {
    ReentrantLock lock = new ReentrantLock();
    Condition never = lock.newCondition();
    Waiter w = new Waiter();
    Thread a =
        new Thread(
            () -> {
              lock.lock();
              try {
                w.waiting = true;
                while (true) {
                  never.await();
                }
              } catch (InterruptedException e) {
                w.threw = true;
                w.setAfterThrowing = Thread.currentThread().isInterrupted();
              } finally {
                lock.unlock();
              }
            });
    a.start();
    while (true) {
      lock.lock();
      try {
        if (w.waiting) {
          break;
        }
      } finally {
        lock.unlock();
      }
      Thread.yield();
    }
    a.interrupt();
    boolean seen = a.isInterrupted();
    a.join();
    check(w, seen);
  }

  /** {@code park} returns on an interrupt and leaves the status set: no exception. */
  public static void inPark() throws InterruptedException {
    Waiter w = new Waiter();
    Thread a =
        new Thread(
            () -> {
              w.waiting = true;
              while (!Thread.currentThread().isInterrupted()) {
                LockSupport.park();
              }
              w.threw = true;
            });
    a.start();
    while (!w.waiting) {
      Thread.yield();
    }
    a.interrupt();
    boolean seen = a.isInterrupted();
    a.join();
    check(w, seen);
  }

  private static void check(Waiter w, boolean seen) {
    if (!w.threw) {
      throw new IllegalStateException("the waiter did not end its wait on the interrupt");
    }
    if (w.setAfterThrowing) {
      throw new IllegalStateException("the status was still set after InterruptedException");
    }
    if (seen) {
      throw new IllegalStateException(SEEN);
    }
  }
}
