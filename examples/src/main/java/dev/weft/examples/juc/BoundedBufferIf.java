package dev.weft.examples.juc;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A bounded buffer on a {@link ReentrantLock} with two {@link Condition}s that re-checks its
 * condition with {@code if} instead of {@code while}.
 *
 * <p>Two producers put one item each and two consumers take one each, through a buffer of capacity
 * one. Failing interleaving: consumer 1 finds the buffer empty and awaits {@code notEmpty};
 * producer 1 puts an item and signals; before consumer 1 gets the lock back, consumer 2 takes the
 * item; consumer 1 returns from {@code await} and, not checking again, takes from an empty buffer
 * and fails.
 */
public final class BoundedBufferIf {
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition notFull = lock.newCondition();
  private final Condition notEmpty = lock.newCondition();
  private final int[] items = new int[1];
  private int count;

  private BoundedBufferIf() {}

  void put(int item) throws InterruptedException {
    lock.lock();
    try {
      if (count == items.length) {
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
      if (count == 0) {
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
    BoundedBufferIf buffer = new BoundedBufferIf();
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
