package dev.weft.targets.pass.spurious;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The hand-offs of {@code dev.weft.targets.fail.spurious.IfGuardedWaits} done right: the consumer
 * waits in a loop, so a spurious wake-up of {@code wait}, {@code await} or {@code park} only sends
 * it back to wait.
 */
public final class LoopGuardedWaits {
  private LoopGuardedWaits() {}

  /** A one-slot buffer on a monitor whose {@code take} waits in a loop. */
  static final class MonitorSlot {
    private String value;

    synchronized void put(String v) {
      value = v;
      notifyAll();
    }

    synchronized String take() throws InterruptedException {
      while (value == null) {
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
        while (value == null) {
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

  /** A flag a thread parks on until it is open. */
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
              while (!gate.open) {
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
