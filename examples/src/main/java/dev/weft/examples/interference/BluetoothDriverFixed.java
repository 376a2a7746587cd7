package dev.weft.examples.interference;

/**
 * Correct twin of {@link BluetoothDriver}: the {@code stoppingFlag} check and the {@code
 * pendingIO++} happen atomically in one {@code synchronized (lock)} block, and {@link #stop()} sets
 * {@code stoppingFlag} while holding the same lock.
 *
 * <p>Why the check cannot fail: suppose {@code Adder} got {@code status == 0}. Its check-and-
 * increment ran under {@code lock} and saw the flag clear, so it ran before {@code Stopper} set the
 * flag, hence before {@code Stopper}'s decrement. Until {@code Adder}'s own decrement, {@code
 * pendingIO = 1 + 1 - (Stopper's decrement done ? 1 : 0) >= 1}, so no decrement has produced 0,
 * {@code stoppingEvent} is still false, {@code Stopper} cannot have passed its wait, and {@code
 * stopped} is still false when {@code Adder} checks it.
 *
 * <p>Why it always terminates: each thread decrements {@code pendingIO} exactly once. With an
 * increment the values run 1 &rarr; ... &rarr; 0 and the last decrement yields 0; without one, the
 * first decrement yields 0. Either way {@code stoppingEvent} is set under {@code eventLock} and
 * {@code Stopper} waits in a {@code while (!stoppingEvent)} loop under the same lock, so the signal
 * cannot be missed. No thread holds one lock while taking the other.
 */
public final class BluetoothDriverFixed {
  private final Object lock = new Object();
  private final Object eventLock = new Object();
  private int pendingIO = 1;
  private boolean stoppingFlag = false;
  private boolean stoppingEvent = false;
  private boolean stopped = false;

  private BluetoothDriverFixed() {}

  void add() {
    int status;
    synchronized (lock) {
      if (stoppingFlag) {
        status = -1;
      } else {
        pendingIO++;
        status = 0;
      }
    }
    if (status == 0) {
      if (stopped) {
        throw new AssertionError("driver stopped while an I/O is in progress");
      }
    }
    int pIO;
    synchronized (lock) {
      pendingIO--;
      pIO = pendingIO;
    }
    if (pIO == 0) {
      signalStoppingEvent();
    }
  }

  void stop() {
    synchronized (lock) {
      stoppingFlag = true;
    }
    int pIO;
    synchronized (lock) {
      pendingIO--;
      pIO = pendingIO;
    }
    if (pIO == 0) {
      signalStoppingEvent();
    }
    awaitStoppingEvent();
    stopped = true;
  }

  private void signalStoppingEvent() {
    synchronized (eventLock) {
      stoppingEvent = true;
      eventLock.notifyAll();
    }
  }

  private void awaitStoppingEvent() {
    synchronized (eventLock) {
      while (!stoppingEvent) {
        try {
          eventLock.wait();
        } catch (InterruptedException e) {
          throw new RuntimeException(e);
        }
      }
    }
  }

  public static void main(String[] args) throws InterruptedException {
    BluetoothDriverFixed driver = new BluetoothDriverFixed();
    Thread adder = new Thread(driver::add, "Adder");
    Thread stopper = new Thread(driver::stop, "Stopper");
    adder.start();
    stopper.start();
    adder.join();
    stopper.join();
  }
}
