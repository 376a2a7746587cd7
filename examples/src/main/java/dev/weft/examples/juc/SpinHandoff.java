package dev.weft.examples.juc;

/**
 * A spin-wait handoff that publishes its flag before its data.
 *
 * <p>The consumer spins on the volatile {@code ready} flag with {@link Thread#onSpinWait()}, then
 * reads {@code data}. The producer sets {@code ready} <em>before</em> writing {@code data}. Failing
 * interleaving: the consumer sees {@code ready} between the producer's two writes and reads the old
 * {@code data}.
 */
public final class SpinHandoff {
  private volatile boolean ready;
  private int data;

  private SpinHandoff() {}

  void produce() {
    ready = true;
    data = 42;
  }

  void consume() {
    while (!ready) {
      Thread.onSpinWait();
    }
    int seen = data;
    if (seen != 42) {
      throw new AssertionError("consumer saw ready but data " + seen);
    }
  }

  public static void main(String[] args) throws InterruptedException {
    SpinHandoff h = new SpinHandoff();
    Thread consumer = new Thread(h::consume, "consumer");
    Thread producer = new Thread(h::produce, "producer");
    consumer.start();
    producer.start();
    consumer.join();
    producer.join();
  }
}
