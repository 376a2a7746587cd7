package dev.weft.examples.deadlock;

/**
 * Lost wake-up: the consumer tests the condition without holding the lock and then waits
 * unconditionally.
 *
 * <p>The consumer reads {@code ready} outside the lock and, if it is false, does a single {@code
 * lock.wait()}; the producer sets {@code ready = true} and then calls {@code lock.notify()} under
 * the lock. Failing interleaving: the consumer reads {@code ready == false}; the producer sets
 * {@code ready} and notifies while nobody is waiting; the consumer then enters {@code wait()} and
 * is never woken. {@code main}, joining the consumer, blocks forever: a deadlock. If the consumer
 * sees {@code ready == true} it skips waiting; if it is already waiting when the producer notifies,
 * it is woken.
 */
public final class LostWakeup {
  private final Object lock = new Object();
  private boolean ready;

  private LostWakeup() {}

  void consume() {
    if (!ready) {
      synchronized (lock) {
        try {
          lock.wait();
        } catch (InterruptedException e) {
          throw new RuntimeException(e);
        }
      }
    }
  }

  void produce() {
    ready = true;
    synchronized (lock) {
      lock.notify();
    }
  }

  public static void main(String[] args) throws InterruptedException {
    LostWakeup box = new LostWakeup();
    Thread consumer = new Thread(box::consume, "consumer");
    Thread producer = new Thread(box::produce, "producer");
    consumer.start();
    producer.start();
    consumer.join();
    producer.join();
  }
}
