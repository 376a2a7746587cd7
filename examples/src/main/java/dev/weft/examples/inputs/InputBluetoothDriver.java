package dev.weft.examples.inputs;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;

/**
 * Seed 003's Bluetooth driver with an input: a request of the form {@code (command, adders)} where
 * only the command {@code 0x5354} ("ST", two bytes compared as one short) makes the driver stop
 * while {@code 1..3} adder threads add I/O; any other command only adds. The stop can tear the
 * driver down between an adder's check of the stopping flag and its increment (the driver's bug),
 * so the failure needs the stop command, at least one adder, and that interleaving.
 */
public final class InputBluetoothDriver {
  private final Object lock = new Object();
  private final Object eventLock = new Object();
  private int pendingIo = 1;
  private boolean stoppingFlag;
  private boolean stoppingEvent;
  private boolean stopped;

  public static void fuzzerTestOneInput(FuzzedDataProvider data) throws InterruptedException {
    short command = data.consumeShort();
    int adders = data.consumeInt(0, 3);
    new InputBluetoothDriver().serve(command == 0x5354, adders);
  }

  private void serve(boolean stop, int adders) throws InterruptedException {
    Thread[] threads = new Thread[adders + (stop ? 1 : 0)];
    for (int i = 0; i < adders; i++) {
      threads[i] = new Thread(this::add, "adder-" + (i + 1));
    }
    if (stop) {
      threads[adders] = new Thread(this::stop, "stopper");
    }
    for (Thread t : threads) {
      t.start();
    }
    for (Thread t : threads) {
      t.join();
    }
  }

  void add() {
    boolean added;
    if (stoppingFlag) {
      added = false;
    } else {
      synchronized (lock) {
        pendingIo++;
      }
      added = true;
    }
    if (added && stopped) {
      throw new AssertionError("driver stopped while an I/O is in progress");
    }
    if (added) {
      release();
    }
  }

  void stop() {
    stoppingFlag = true;
    release();
    synchronized (eventLock) {
      while (!stoppingEvent) {
        try {
          eventLock.wait();
        } catch (InterruptedException e) {
          throw new RuntimeException(e);
        }
      }
    }
    stopped = true;
  }

  private void release() {
    int left;
    synchronized (lock) {
      left = --pendingIo;
    }
    if (left == 0) {
      synchronized (eventLock) {
        stoppingEvent = true;
        eventLock.notifyAll();
      }
    }
  }
}
