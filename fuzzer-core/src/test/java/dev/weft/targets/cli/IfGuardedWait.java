package dev.weft.targets.cli;

/**
 * A consumer that waits under an {@code if} for a value a producer hands it: right unless the wait
 * returns spuriously, which the JVM allows.
 */
public final class IfGuardedWait {
  private IfGuardedWait() {}

  private static final Object LOCK = new Object();
  private static String value;

  public static void main(String[] args) throws InterruptedException {
    Thread consumer =
        new Thread(
            () -> {
              synchronized (LOCK) {
                try {
                  if (value == null) {
                    LOCK.wait();
                  }
                } catch (InterruptedException e) {
                  throw new IllegalStateException(e);
                }
                if (value == null) {
                  throw new IllegalStateException("woke with no value");
                }
              }
            });
    consumer.start();
    synchronized (LOCK) {
      value = "item";
      LOCK.notifyAll();
    }
    consumer.join();
  }
}
