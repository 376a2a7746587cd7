package dev.weft.targets.fail.spurious;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Hand-offs whose consumer waits once, under an {@code if}, and takes what it waited for as there:
 * right whenever the wait ends because of the producer, wrong after a spurious wake-up, which the
 * JVM allows {@code wait}, {@code await} and {@code park}. Their twins in {@code
 * dev.weft.targets.pass.spurious} wait in a loop.
 */
public final class IfGuardedWaits {
  private IfGuardedWaits() {}

  /** A one-slot buffer on a monitor whose {@code take} waits under an {@code if}. */
  static final class MonitorSlot {
    private String value;

    synchronized void put(String v) {
      value = v;
      notifyAll();
    }

    synchronized String take() throws InterruptedException {
      if (value == null) {
        wait();
      }
      String v = value;
      value = null;
      return v;
    }
  }

  /** The same slot on a lock and its condition. */
  static final class ConditionSlot {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition filled = lock.newCondition();
    private String value;

    void put(String v) {
      lock.lock();
      try {
        value = v;
        filled.signalAll();
      } finally {
        lock.unlock();
      }
    }

    String take() throws InterruptedException {
      lock.lock();
      try {
        if (value == null) {
          filled.await();
        }
        String v = value;
        value = null;
        return v;
      } finally {
        lock.unlock();
      }
    }
  }

  /** A flag a thread parks on once, assuming that park returns only once it is unparked. */
  static final class Gate {
    volatile boolean open;
  }

  public static void monitorHandOff() throws InterruptedException {
    MonitorSlot slot = new MonitorSlot();
    Thread consumer = new Thread(() -> expectValue(slot::take));
    consumer.start();
    slot.put("item");
    consumer.join();
  }

  public static void conditionHandOff() throws InterruptedException {
    ConditionSlot slot = new ConditionSlot();
    Thread consumer = new Thread(() -> expectValue(slot::take));
    consumer.start();
    slot.put("item");
    consumer.join();
  }

  public static void parkOnce() throws InterruptedException {
    Gate gate = new Gate();
    Thread waiter =
        new Thread(
            () -> {
              if (!gate.open) {
                LockSupport.park();
              }
              if (!gate.open) {
                throw new IllegalStateException("park returned before the gate opened");
              }
            });
    waiter.start();
    gate.open = true;
    LockSupport.unpark(waiter);
    waiter.join();
  }

  interface Take {
    String take() throws InterruptedException;
  }

  static void expectValue(Take take) {
    try {
      if (take.take() == null) {
        throw new IllegalStateException("took from an empty slot");
      }
    } catch (InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }
}
