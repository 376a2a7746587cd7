package dev.weft.examples.juc;

/**
 * Correct twin of {@link SpinHandoff}: the producer writes {@code data} before the volatile {@code
 * ready}, so a consumer that sees the flag sees the data. The consumer spins on the plain volatile
 * read, without {@code onSpinWait}: Weft's fairness must still let the producer run, so the spin is
 * never reported as a hang.
 */
public final class SpinHandoffFixed {
  private volatile boolean ready;
  private int data;

  private SpinHandoffFixed() {}

  void produce() {
    data = 42;
    ready = true;
  }

  void consume() {
    while (!ready) {
      // a bare spin on a volatile read
    }
    int seen = data;
    if (seen != 42) {
      throw new AssertionError("consumer saw ready but data " + seen);
    }
  }

  public static void main(String[] args) throws InterruptedException {
    SpinHandoffFixed h = new SpinHandoffFixed();
    Thread consumer = new Thread(h::consume, "consumer");
    Thread producer = new Thread(h::produce, "producer");
    consumer.start();
    producer.start();
    consumer.join();
    producer.join();
  }
}
