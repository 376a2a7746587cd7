package dev.weft.examples.juc;

import java.util.concurrent.locks.ReentrantLock;

/**
 * Correct twin of {@link MixedLockOrderDeadlock}: both methods take the {@code ledger} monitor
 * first and the {@code audit} lock second, so no cycle of waiting can form.
 */
public final class MixedLockOrderDeadlockFixed {
  private final Object ledger = new Object();
  private final ReentrantLock audit = new ReentrantLock();
  private int balance;
  private int reports;

  private MixedLockOrderDeadlockFixed() {}

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
    synchronized (ledger) {
      audit.lock();
      try {
        reports += balance;
      } finally {
        audit.unlock();
      }
    }
  }

  public static void main(String[] args) throws InterruptedException {
    MixedLockOrderDeadlockFixed bank = new MixedLockOrderDeadlockFixed();
    Thread t1 = new Thread(bank::transfer, "transfer");
    Thread t2 = new Thread(bank::report, "report");
    t1.start();
    t2.start();
    t1.join();
    t2.join();
  }
}
