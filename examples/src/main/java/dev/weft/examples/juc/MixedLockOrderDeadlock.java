package dev.weft.examples.juc;

import java.util.concurrent.locks.ReentrantLock;

/**
 * Lock-order inversion between a monitor and a {@link ReentrantLock}.
 *
 * <p>{@code transfer} takes the {@code ledger} monitor and then the {@code audit} lock; {@code
 * report} takes {@code audit} and then {@code ledger}. Failing interleaving: one thread holds the
 * monitor, the other the lock, and each waits for what the other holds.
 */
public final class MixedLockOrderDeadlock {
  private final Object ledger = new Object();
  private final ReentrantLock audit = new ReentrantLock();
  private int balance;
  private int reports;

  private MixedLockOrderDeadlock() {}

  void transfer() {
    synchronized (ledger) {
      audit.lock();
      try {
        balance += 10;
      } finally {
        audit.unlock();
      }
    }
  }

  void report() {
    audit.lock();
    try {
      synchronized (ledger) {
        reports += balance;
      }
    } finally {
      audit.unlock();
    }
  }

  public static void main(String[] args) throws InterruptedException {
    MixedLockOrderDeadlock bank = new MixedLockOrderDeadlock();
    Thread t1 = new Thread(bank::transfer, "transfer");
    Thread t2 = new Thread(bank::report, "report");
    t1.start();
    t2.start();
    t1.join();
    t2.join();
  }
}
