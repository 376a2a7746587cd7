package dev.weft.examples.deadlock;

/**
 * Correct twin of {@link LostWakeup}: {@code ready} is set and tested only while holding {@code
 * lock}, and the consumer waits in a {@code while (!ready) lock.wait();} loop.
 *
 * <p>Why it cannot hang: the test of {@code ready} and the start of {@code wait()} happen under the
 * same monitor hold, so the producer's {@code ready = true; notify()} (also under the monitor) runs
 * either before the test, and the consumer never waits, or after the consumer has started waiting,
 * and then wakes it. The loop re-tests the flag, so even a spurious wake-up cannot make the
 * consumer proceed early, and once {@code ready} is true it stays true.
 */
public final class LostWakeupFixed {
  private final Object lock = new Object();
  private boolean ready;

  private LostWakeupFixed() {}

  void consume() {
    synchronized (lock) {
      while (!ready) {
        try {
          lock.wait();
        } catch (InterruptedException e) {
          throw new RuntimeException(e);
        }
      }
    }
  }

  void produce() {
    synchronized (lock) {
      ready = true;
      lock.notify();
    }
  }

  public static void main(String[] args) throws InterruptedException {
    LostWakeupFixed box = new LostWakeupFixed();
    Thread consumer = new Thread(box::consume, "consumer");
    Thread producer = new Thread(box::produce, "producer");
    consumer.start();
    producer.start();
    consumer.join();
    producer.join();
  }
}
