package dev.weft.targets.pass.conditions;

import static dev.weft.targets.Checks.check;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/** {@code Condition}: a timed await nobody signals times out and re-acquires its lock. */
public final class Conditions {
  private Conditions() {}

  public static void conditionAwaitTimesOut() throws InterruptedException {
    ReentrantLock lock = new ReentrantLock();
    Condition never = lock.newCondition();
    lock.lock();
    try {
      long start = System.nanoTime();
      boolean signalled = never.await(100, TimeUnit.MILLISECONDS);
      check(!signalled, "await reported a signal nobody sent");
      check(System.nanoTime() - start >= 100_000_000L, "the timeout did not move the clock");
      check(lock.isHeldByCurrentThread() && lock.getHoldCount() == 1, "lock not re-acquired");
    } finally {
      lock.unlock();
    }
  }
}
