package dev.weft.examples.failure;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Correct twin of {@link InjectedFaultDeadlock}: the writer wakes the waiting threads whether the
 * write succeeded or failed. The injected fault still ends the writer in every run; with {@code
 * --ignore-exception java.io.UncheckedIOException} no interleaving fails.
 */
public final class InjectedFaultDeadlockFixed {
  static final class InjectedFault extends UncheckedIOException {
    private static final long serialVersionUID = 1L;

    InjectedFault() {
      super("injected fault: disk full", new IOException("disk full"));
    }
  }

  private final Object lock = new Object();
  private boolean busy;

  private InjectedFaultDeadlockFixed() {}

  void write(boolean injectFault) {
    synchronized (lock) {
      busy = true;
    }
    try {
      if (injectFault) {
        throw new InjectedFault();
      }
    } finally {
      synchronized (lock) {
        busy = false;
        lock.notifyAll();
      }
    }
  }

  void awaitIdle() throws InterruptedException {
    synchronized (lock) {
      while (busy) {
        lock.wait();
      }
    }
  }

  public static void main(String[] args) throws InterruptedException {
    InjectedFaultDeadlockFixed store = new InjectedFaultDeadlockFixed();
    Thread writer = new Thread(() -> store.write(true), "writer");
    writer.start();
    store.awaitIdle();
    writer.join();
  }
}
