package dev.weft.examples.failure;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A test that injects a fault into every write to reach the writer's failure path, whose bug is the
 * hang that path leaves behind in some interleavings.
 *
 * <p>The writer marks itself busy, fails with the injected {@link InjectedFault} (an {@link
 * UncheckedIOException}), and on the way out marks itself idle, but only the success path wakes the
 * threads waiting for it. Failing interleaving: {@code main} sees the writer busy and waits; the
 * writer fails and marks itself idle without a notification; {@code main} waits for ever: a
 * deadlock. The injected exception ends the writer in every run, so a search that stops at the
 * first finding never gets past it: run with {@code --ignore-exception
 * java.io.UncheckedIOException} (the fault's superclass names it too).
 */
public final class InjectedFaultDeadlock {
  /** What the test's fault injector throws in the middle of a write. */
  static final class InjectedFault extends UncheckedIOException {
    private static final long serialVersionUID = 1L;

    InjectedFault() {
      super("injected fault: disk full", new IOException("disk full"));
    }
  }

  private final Object lock = new Object();
  private boolean busy;

  private InjectedFaultDeadlock() {}

  void write(boolean injectFault) {
    synchronized (lock) {
      busy = true;
    }
    boolean written = false;
    try {
      if (injectFault) {
        throw new InjectedFault();
      }
      written = true;
    } finally {
      synchronized (lock) {
        busy = false;
        if (written) {
          lock.notifyAll(); // the bug: the failure path frees the writer but wakes no one
        }
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
    InjectedFaultDeadlock store = new InjectedFaultDeadlock();
    Thread writer = new Thread(() -> store.write(true), "writer");
    writer.start();
    store.awaitIdle();
    writer.join();
  }
}
