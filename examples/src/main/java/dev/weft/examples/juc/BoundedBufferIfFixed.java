package dev.weft.examples.juc;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Correct twin of {@link BoundedBufferIf}: both waits re-check their condition in a {@code while}
 * loop, so a consumer that lost the item to another consumer waits again.
 */
public final class BoundedBufferIfFixed {
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition notFull = lock.newCondition();
  private final Condition notEmpty = lock.newCondition();
  private final int[] items = new int[1];
  private int count;

  private BoundedBufferIfFixed() {}

  void put(int item) throws InterruptedException {
    lock.lock();
    try {
      while (count == items.length) {
        notFull.await();
      }
      items[count++] = item;
      notEmpty.signal();
    } finally {
      lock.unlock();
    }
  }

  int take() throws InterruptedException {
    lock.lock();
    try {
      while (count == 0) {
        notEmpty.await();
      }
      if (count == 0) {
        throw new IllegalStateException("took from an empty buffer");
      }
      int item = items[--count];
      notFull.signal();
      return item;
    } finally {
      lock.unlock();
    }
  }

  public static void main(String[] args) throws InterruptedException {
    BoundedBufferIfFixed buffer = new BoundedBufferIfFixed();
    Thread[] threads = {
      new Thread(() -> run(() -> buffer.put(1)), "producer-1"),
      new Thread(() -> run(() -> buffer.put(2)), "producer-2"),
      new Thread(() -> run(buffer::take), "consumer-1"),
      new Thread(() -> run(buffer::take), "consumer-2")
    };
    for (Thread t : threads) {
      t.start();
    }
    for (Thread t : threads) {
      t.join();
    }
  }

  interface Action {
    void run() throws InterruptedException;
  }

  static void run(Action action) {
    try {
      action.run();
    } catch (InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }
}
